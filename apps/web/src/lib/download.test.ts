import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFakeFeedback } from '../test/fake-feedback';
import { mockFetch, networkFailure, timeoutFailure, type MockHandler } from '../test/mock-adapter';
import { createDownloads, downloadErrorMessage, filenameFromDisposition, readErrorBody } from './download';
import { createApiClient } from './request';
import { setToken } from './storage';

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="report.xlsx"', 'report.xlsx'],
    ['attachment; filename=report.xlsx', 'report.xlsx'],
    ['attachment; filename="a \\"quoted\\" name.txt"', 'a "quoted" name.txt'],
    ['attachment; filename=%E6%8A%A5%E8%A1%A8.xlsx', '报表.xlsx'],
    ["attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95%20%E5%88%97%E8%A1%A8.csv", '订单 列表.csv'],
    ['attachment; filename="fallback.csv"; filename*=utf-8\'\'%E8%B4%A6%E5%8D%95.csv', '账单.csv'],
    ['attachment; filename="100%.txt"', '100%.txt'],
  ])('reads %s', (header, expected) => {
    expect(filenameFromDisposition(header)).toBe(expected);
  });

  it.each([undefined, null, '', 'attachment', 'inline; size=3'])('finds no name in %s', (header) => {
    expect(filenameFromDisposition(header)).toBeUndefined();
  });
});

describe('readErrorBody', () => {
  it('parses a JSON blob', async () => {
    const blob = new Blob([JSON.stringify({ code: 500, msg: '文件不存在', data: null })], {
      type: 'application/json',
    });
    await expect(readErrorBody(blob)).resolves.toEqual({ code: 500, msg: '文件不存在' });
  });

  it('parses an ArrayBuffer and a string', async () => {
    const buffer = new TextEncoder().encode('{"code":403}').buffer;
    await expect(readErrorBody(buffer)).resolves.toEqual({ code: 403, msg: undefined });
    await expect(readErrorBody('{"msg":"x"}')).resolves.toEqual({ code: undefined, msg: 'x' });
  });

  it('gives undefined for bodies that are not an error body', async () => {
    await expect(readErrorBody(new Blob(['PK\u0003\u0004 zip bytes']))).resolves.toBeUndefined();
    await expect(readErrorBody('[1,2]')).resolves.toBeUndefined();
    await expect(readErrorBody(undefined)).resolves.toBeUndefined();
  });
});

describe('downloadErrorMessage', () => {
  it('prefers the status table, then msg, then the default', () => {
    expect(downloadErrorMessage({ code: 401, msg: 'token expired' })).toBe('认证失败，无法访问系统资源');
    expect(downloadErrorMessage({ code: 403 })).toBe('当前操作没有权限');
    expect(downloadErrorMessage({ code: 500, msg: '文件不存在' })).toBe('文件不存在');
    expect(downloadErrorMessage({ code: 500 })).toBe('系统未知错误，请反馈给管理员');
  });

  it('uses the HTTP status when the body has no code', () => {
    expect(downloadErrorMessage({ msg: 'gone' }, 404)).toBe('访问资源不存在');
  });
});

describe('downloads', () => {
  let ui: ReturnType<typeof bindFakeFeedback>;
  let saved: { href: string; download: string }[];
  let savedBlobs: Blob[];

  beforeEach(() => {
    ui = bindFakeFeedback();
    saved = [];
    savedBlobs = [];
    // jsdom has no object URLs and does not download; record what would have been saved instead.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: vi.fn((blob: Blob) => {
          savedBlobs.push(blob);
          return `blob:test/${savedBlobs.length}`;
        }),
        revokeObjectURL: vi.fn(),
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });

  afterEach(() => {
    ui.unbind();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function downloadsAnswering(handler: MockHandler) {
    const mock = mockFetch(handler);
    return { downloads: createDownloads(createApiClient({ fetch: mock.fetch })), calls: mock.calls };
  }

  const file = (type = 'application/octet-stream') => new Blob(['col1,col2\n1,2\n'], { type });

  it('GETs a blob with the bearer token and saves it under the Content-Disposition name', async () => {
    setToken('tok');
    const blob = file();
    const { downloads, calls } = downloadsAnswering(() => ({
      data: blob,
      headers: { 'content-disposition': "attachment; filename*=UTF-8''%E8%AE%A2%E5%8D%95.csv" },
    }));
    await expect(downloads.download('/user/order/export', { status: 1 })).resolves.toBe(true);
    expect(calls[0]?.url).toBe('/api/user/order/export?status=1');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.readAs).toBe('blob');
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok');
    expect(saved).toEqual([{ href: 'blob:test/1', download: '订单.csv' }]);
    expect(savedBlobs[0]).toBe(blob);
  });

  it('shows the loading overlay while downloading and closes it afterwards', async () => {
    const { downloads } = downloadsAnswering(() => ({ data: file() }));
    const pending = downloads.download('/file');
    expect(ui.showLoading).toHaveBeenCalledWith('正在下载数据，请稍候');
    expect(ui.closeLoading).not.toHaveBeenCalled();
    await pending;
    expect(ui.closeLoading).toHaveBeenCalledOnce();
  });

  it('lets the caller name the file', async () => {
    const { downloads } = downloadsAnswering(() => ({
      data: file(),
      headers: { 'content-disposition': 'attachment; filename="server.csv"' },
    }));
    await downloads.download('/file', undefined, 'mine.csv');
    expect(saved[0]?.download).toBe('mine.csv');
  });

  it('downloads a generated file by name, deleting it afterwards by default', async () => {
    const { downloads, calls } = downloadsAnswering(() => ({ data: file() }));
    await downloads.downloadByName('2026/uuid_report.xlsx');
    await downloads.downloadByName('keep.xlsx', false);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/common/download?fileName=2026%2Fuuid_report.xlsx&delete=true',
      '/api/common/download?fileName=keep.xlsx&delete=false',
    ]);
    // Without Content-Disposition the stored name is the best available.
    expect(saved.map((entry) => entry.download)).toEqual(['uuid_report.xlsx', 'keep.xlsx']);
  });

  it('downloads a resource by its stored path', async () => {
    const { downloads, calls } = downloadsAnswering(() => ({ data: file() }));
    await downloads.downloadResource('/profile/upload/a.png');
    expect(calls[0]?.url).toBe('/api/common/download/resource?resource=%2Fprofile%2Fupload%2Fa.png');
    expect(saved[0]?.download).toBe('a.png');
  });

  it('saves a zip download as application/zip', async () => {
    const { downloads, calls } = downloadsAnswering(() => ({ data: file() }));
    await expect(downloads.downloadZip('/tool/gen/batchGenCode?tables=a', 'code.zip')).resolves.toBe(true);
    expect(calls[0]?.url).toBe('/api/tool/gen/batchGenCode?tables=a');
    expect(saved[0]?.download).toBe('code.zip');
    expect(savedBlobs[0]?.type).toBe('application/zip');
  });

  it('exports with a form-encoded POST', async () => {
    const { downloads, calls } = downloadsAnswering(() => ({ data: file() }));
    await expect(
      downloads.exportFile(
        '/system/user/export',
        { userName: 'ada', status: [0, 1], remark: '' },
        'users.xlsx',
      ),
    ).resolves.toBe(true);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(calls[0]?.body).toBe('userName=ada&status=0&status=1');
    expect(calls[0]?.readAs).toBe('blob');
    expect(saved[0]?.download).toBe('users.xlsx');
  });

  it('shows the status-table text for a JSON error answered instead of the file', async () => {
    const { downloads } = downloadsAnswering(() => ({
      data: new Blob([JSON.stringify({ code: 401, msg: 'token invalid' })], { type: 'application/json' }),
    }));
    await expect(downloads.download('/file')).resolves.toBe(false);
    expect(ui.toast).toHaveBeenCalledWith('error', '认证失败，无法访问系统资源');
    expect(saved).toEqual([]);
    expect(ui.closeLoading).toHaveBeenCalledOnce();
  });

  it('shows the server msg for a JSON error whose code is not in the table', async () => {
    const { downloads } = downloadsAnswering(() => ({
      data: new Blob([JSON.stringify({ code: 500, msg: '文件已过期' })], {
        type: 'application/json;charset=utf-8',
      }),
    }));
    await downloads.downloadByName('old.xlsx');
    expect(ui.toast).toHaveBeenCalledWith('error', '文件已过期');
  });

  it('parses the error body of an HTTP error', async () => {
    const { downloads } = downloadsAnswering(() => ({
      status: 404,
      data: new Blob([JSON.stringify({ code: 404, msg: 'no such file' })], { type: 'application/json' }),
    }));
    await downloads.downloadResource('/missing.png');
    expect(ui.toast).toHaveBeenCalledWith('error', '访问资源不存在');
  });

  it('shows the generic download error when a zip or export fails without an error body', async () => {
    const { downloads } = downloadsAnswering(() => ({ status: 500, data: new Blob(['<html>oops</html>']) }));
    await expect(downloads.downloadZip('/tool/gen/batchGenCode', 'code.zip')).resolves.toBe(false);
    await expect(downloads.exportFile('/system/user/export', {}, 'users.xlsx')).resolves.toBe(false);
    expect(ui.toast.mock.calls).toEqual([
      ['error', '下载文件出现错误，请联系管理员！'],
      ['error', '下载文件出现错误，请联系管理员！'],
    ]);
  });

  it.each([
    ['network', networkFailure(), '后端接口连接异常'],
    ['timeout', timeoutFailure(), '系统接口请求超时'],
  ])('reports the %s failure as such', async (_, failure, message) => {
    const { downloads } = downloadsAnswering(() => {
      throw failure;
    });
    await expect(downloads.download('/file')).resolves.toBe(false);
    expect(ui.toast.mock.calls).toEqual([['error', message, 5]]);
  });

  it('says nothing more when the duplicate guard refused an export', async () => {
    const { downloads, calls } = downloadsAnswering(() => ({ data: file() }));
    await downloads.exportFile('/system/user/export', { a: 1 }, 'users.xlsx');
    await expect(downloads.exportFile('/system/user/export', { a: 1 }, 'users.xlsx')).resolves.toBe(false);
    expect(calls).toHaveLength(1);
    expect(ui.toast.mock.calls).toEqual([['warning', '数据正在处理，请勿重复提交']]);
  });
});
