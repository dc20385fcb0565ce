import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { UploadedFile } from '@cloudbay/contracts';
import { Providers } from '../app/providers';
import { fakeApi, type FakeRequest } from '../test/fake-api';
import { bindFakeFeedback } from '../test/fake-feedback';
import { envelope, networkFailure } from '../test/mock-adapter';
import { FileUpload, type FileUploadProps } from './file-upload';

vi.mock('../lib/request', (original) => import('../test/fake-api').then((m) => m.withFakeApi(original)));

function pdf(name: string, size = 1024): File {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function stored(name: string): UploadedFile {
  const fileName = `2026/05/01/${name.replace(/\W/g, '')}.pdf`;
  return { fileName, url: `/api/common/files/${fileName}`, originalName: name, size: 8 };
}

function uploadedName(request: FakeRequest): string {
  return ((request.body as FormData).get('file') as File).name;
}

/** Answers each upload by its file name: 'ok' stores it, 'refused' answers 415, 'offline' fails the transport. */
function serveUploads(outcomes: Record<string, 'ok' | 'refused' | 'offline'>) {
  fakeApi.on('POST', '/common/upload', async (request) => {
    const name = uploadedName(request);
    await new Promise((resolve) => setTimeout(resolve, name.length));
    if (outcomes[name] === 'refused') {
      return {
        status: 415,
        data: envelope(null, { code: 415, success: false, msg: '文件格式不正确，仅支持 pdf 格式文件' }),
      };
    }
    if (outcomes[name] === 'offline') throw networkFailure();
    const file = stored(name);
    return { data: { ...envelope(file), fileName: file.fileName } };
  });
}

function renderUpload(props: Partial<FileUploadProps> = {}) {
  const onChange = vi.fn();
  const view = render(
    <Providers>
      <FileUpload onChange={onChange} {...props} />
    </Providers>,
  );
  // The picker replaces its input after every pick, so each pick looks it up again.
  const pick = (files: File[]) =>
    fireEvent.change(view.container.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files },
    });
  return { onChange, pick, ...view };
}

describe('FileUpload', () => {
  let fake: ReturnType<typeof bindFakeFeedback>;
  beforeEach(() => {
    fake = bindFakeFeedback();
  });
  afterEach(() => fake.unbind());

  it('uploads a batch under one overlay and updates the value once, when all have finished', async () => {
    serveUploads({ 'a.pdf': 'ok', 'longer-name.pdf': 'ok' });
    const { onChange, pick } = renderUpload({ value: '2026/01/01/old.pdf' });
    pick([pdf('longer-name.pdf'), pdf('a.pdf')]);

    await waitFor(() => expect(fake.closeLoading).toHaveBeenCalledOnce());
    expect(fake.showLoading).toHaveBeenCalledOnce();
    expect(fake.showLoading).toHaveBeenCalledWith('正在上传文件，请稍候...');
    expect(onChange).toHaveBeenCalledOnce();
    const expected = ['2026/01/01/old.pdf', stored('longer-name.pdf').fileName, stored('a.pdf').fileName];
    expect(onChange).toHaveBeenCalledWith(expected.join(','), expected);
    expect(fakeApi.requests('POST', '/common/upload')).toHaveLength(2);
    expect(fakeApi.requests('POST', '/common/upload')[0]?.headers['accept-language']).toBe('zh-cn');
  });

  it('removes failed files: the server message for a refusal, "upload failed" for a transport error', async () => {
    serveUploads({ 'good.pdf': 'ok', 'refused.pdf': 'refused', 'offline.pdf': 'offline' });
    const { onChange, pick } = renderUpload();
    pick([pdf('good.pdf'), pdf('refused.pdf'), pdf('offline.pdf')]);

    await waitFor(() => expect(onChange).toHaveBeenCalledOnce());
    expect(onChange).toHaveBeenCalledWith(stored('good.pdf').fileName, [stored('good.pdf').fileName]);
    expect(fake.notify).toHaveBeenCalledWith('error', '文件格式不正确，仅支持 pdf 格式文件');
    expect(fake.toast).toHaveBeenCalledWith('error', '上传文件失败');
    expect(fake.toast.mock.calls.filter(([, text]) => text === '上传文件失败')).toHaveLength(1);
    const list = screen.getByTestId('file-upload');
    // Removed items fade out (antd ends the motion after 2 s at most in a browser without events).
    await waitFor(() => expect(within(list).queryByText('refused.pdf')).toBeNull(), { timeout: 3_000 });
    expect(within(list).queryByText('offline.pdf')).toBeNull();
    expect(within(list).getByText('good.pdf')).toBeTruthy();
    expect(fake.closeLoading).toHaveBeenCalledOnce();
  });

  it('leaves the value alone when every file of the batch fails', async () => {
    serveUploads({ 'refused.pdf': 'refused' });
    const { onChange, pick } = renderUpload();
    pick([pdf('refused.pdf')]);
    await waitFor(() => expect(fake.closeLoading).toHaveBeenCalledOnce());
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText('refused.pdf')).toBeNull(), { timeout: 3_000 });
  });

  it('refuses a wrong type or a large file before sending anything', async () => {
    const { onChange, pick } = renderUpload();
    pick([pdf('photo.png')]);
    await waitFor(() =>
      expect(fake.toast).toHaveBeenCalledWith('error', '文件格式不正确, 请上传doc/xls/ppt/txt/pdf格式文件!'),
    );
    pick([pdf('huge.pdf', 6 * 1024 * 1024)]);
    await waitFor(() => expect(fake.toast).toHaveBeenCalledWith('error', '上传文件大小不能超过 5 MB!'));
    expect(fakeApi.requests('POST', '/common/upload')).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses a batch that would pass the limit', async () => {
    const { pick } = renderUpload({ value: ['2026/01/01/one.pdf'], limit: 2 });
    pick([pdf('a.pdf'), pdf('b.pdf')]);
    await waitFor(() => expect(fake.toast).toHaveBeenCalledWith('error', '上传文件数量不能超过 2 个!'));
    expect(fakeApi.requests('POST', '/common/upload')).toHaveLength(0);
  });

  it('lists the files and removes one', () => {
    const { onChange } = renderUpload({ value: '2026/01/01/a.pdf,2026/01/01/b.pdf' });
    const list = screen.getByTestId('file-upload');
    expect(within(list).getByText('a.pdf')).toBeTruthy();
    const item = within(list).getByText('b.pdf').closest('.ant-upload-list-item') as HTMLElement;
    fireEvent.click(within(item).getByTitle('删除文件'));
    expect(onChange).toHaveBeenCalledWith('2026/01/01/a.pdf', ['2026/01/01/a.pdf']);
  });

  it('shows the tip, and neither tip nor picker when disabled', () => {
    const { rerender } = renderUpload();
    expect(screen.getByTestId('upload-tip').textContent).toBe(
      '请上传 大小不超过 5MB 格式为 doc/xls/ppt/txt/pdf 的文件',
    );
    rerender(
      <Providers>
        <FileUpload value="2026/01/01/a.pdf" disabled />
      </Providers>,
    );
    expect(screen.queryByTestId('upload-tip')).toBeNull();
    expect(screen.queryByTestId('file-upload-pick')).toBeNull();
  });
});
