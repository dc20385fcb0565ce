import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Phone, UploadedFile } from '@cloudbay/contracts';
import { i18n } from '../../../lib/i18n';
import { fakeApi } from '../../../test/fake-api';
import { bindFakeFeedback } from '../../../test/fake-feedback';
import { envelope } from '../../../test/mock-adapter';
import { renderRoutes } from '../../../test/render-app';
import { AdbDialog } from './adb-dialog';
import { ImportContactsDialog } from './import-contacts-dialog';
import { RunCommandDrawer } from './run-command-drawer';
import { testPhone } from './test-phone';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const phone = testPhone();
const COMMAND = `/user/ph/phone/${phone.id}/run_command`;

let fake: ReturnType<typeof bindFakeFeedback>;
beforeEach(() => {
  fakeApi.reset();
  fake = bindFakeFeedback();
});
afterEach(async () => {
  fake.unbind();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('zh-CN');
});

function renderPart(element: React.ReactElement) {
  return renderRoutes([
    { path: '/', element },
    { path: '/phone/phoneadb', element: <div data-testid="key-pair-page" /> },
  ]);
}

/** Answers each command as the simulated phone would: the model, or 127 for anything else. */
function serveShell() {
  fakeApi.on('POST', COMMAND, (request) => {
    const { command } = request.body as { command: string };
    if (command === 'getprop ro.product.model')
      return { data: envelope({ output: 'Pixel 7', exit_code: 0 }) };
    return {
      data: envelope({
        output: `/system/bin/sh: ${command.split(' ')[0]}: inaccessible or not found`,
        exit_code: 127,
      }),
    };
  });
}

describe('RunCommandDrawer', { timeout: 20_000 }, () => {
  const type = (text: string) =>
    fireEvent.change(screen.getByTestId('phone-command-input'), { target: { value: text } });
  const enter = () =>
    fireEvent.keyDown(screen.getByTestId('phone-command-input'), {
      key: 'Enter',
      code: 'Enter',
      keyCode: 13,
    });
  const key = (name: 'ArrowUp' | 'ArrowDown') =>
    fireEvent.keyDown(screen.getByTestId('phone-command-input'), { key: name });
  const input = () => screen.getByTestId<HTMLInputElement>('phone-command-input');

  it('runs commands, shows each output with its exit code and recalls them with ↑/↓', async () => {
    serveShell();
    renderPart(<RunCommandDrawer phones={[phone]} open onClose={() => {}} />);
    expect(await screen.findByText(/尚未执行命令/)).toBeTruthy();

    type('getprop ro.product.model');
    enter();
    const entries = () => screen.getAllByTestId('phone-command-entry');
    await waitFor(() =>
      expect(within(entries()[0]!).getByTestId('phone-command-entry-output').textContent).toBe('Pixel 7'),
    );
    expect(within(entries()[0]!).getByTestId('phone-command-entry-exit').textContent).toBe('退出码 0');
    expect(fakeApi.requests('POST', COMMAND)[0]?.body).toEqual({ command: 'getprop ro.product.model' });
    expect(input().value).toBe('');
    // The next command goes once the first has finished.
    await waitFor(() => expect(screen.getByTestId('phone-command-run').className).not.toContain('loading'));

    type('frob --now');
    fireEvent.click(screen.getByTestId('phone-command-run'));
    await waitFor(() => expect(entries()).toHaveLength(2));
    await waitFor(() =>
      expect(within(entries()[1]!).getByTestId('phone-command-entry-exit').textContent).toBe('退出码 127'),
    );
    expect(within(entries()[1]!).getByTestId('phone-command-entry-output').textContent).toBe(
      '/system/bin/sh: frob: inaccessible or not found',
    );
    // The session's commands, newest first with ↑, then back to what was being typed.
    type('ls');
    key('ArrowUp');
    expect(input().value).toBe('frob --now');
    key('ArrowUp');
    expect(input().value).toBe('getprop ro.product.model');
    key('ArrowDown');
    key('ArrowDown');
    expect(input().value).toBe('ls');

    fireEvent.click(screen.getByTestId('phone-command-clear'));
    expect(screen.queryAllByTestId('phone-command-entry')).toHaveLength(0);
  });

  it('keeps a refusal’s translated message beside the command', async () => {
    fakeApi.fail('POST', COMMAND, 409, '云手机未运行，请先开机', { error_code: 'PHONE_NOT_RUNNING' });
    renderPart(<RunCommandDrawer phones={[phone]} open onClose={() => {}} />);
    type('uptime');
    enter();
    expect((await screen.findByTestId('phone-command-entry-error')).textContent).toBe(
      '执行失败：云手机未运行，请先开机',
    );
  });

  it('starts a new session when reopened', async () => {
    serveShell();
    function Reopenable() {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" data-testid="toggle" onClick={() => setOpen((was) => !was)} />
          <RunCommandDrawer phones={[phone]} open={open} onClose={() => setOpen(false)} />
        </>
      );
    }
    renderPart(<Reopenable />);
    type('getprop ro.product.model');
    enter();
    await screen.findByTestId('phone-command-entry-output');
    fireEvent.click(screen.getByTestId('toggle'));
    fireEvent.click(screen.getByTestId('toggle'));
    await waitFor(() => expect(screen.queryAllByTestId('phone-command-entry')).toHaveLength(0));
    key('ArrowUp');
    expect(input().value).toBe('');
  });

  it('refuses input on a phone that is not running', async () => {
    const stopped: Phone = testPhone({ status: 'stopped', actions: ['start', 'reset'] });
    renderPart(<RunCommandDrawer phones={[stopped]} open onClose={() => {}} />);
    expect(await screen.findByTestId('phone-command-not-running')).toBeTruthy();
    expect(input().disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('phone-command-run').disabled).toBe(true);
  });
});

describe('AdbDialog', { timeout: 20_000 }, () => {
  const withKey = testPhone({ key_pair_id: 'kp-1', actions: [...phone.actions, 'enable_adb'] });
  const adbOn = (base: Phone): Phone => ({
    ...base,
    adb_enabled: true,
    adb_address: '47.100.1.2:40123',
    actions: [...phone.actions, 'close_adb'],
  });

  it('asks for a key pair first, with the way to the key pair page', async () => {
    renderPart(<AdbDialog phones={[phone]} open onClose={() => {}} />);
    const warning = await screen.findByTestId('phone-adb-key-required');
    expect(warning.textContent).toContain('开启 ADB 前需要为云手机绑定 ADB 密钥对');
    expect(screen.getByTestId<HTMLButtonElement>('phone-adb-enable').disabled).toBe(true);
    fireEvent.click(within(warning).getByRole('link', { name: '前往 ADB 密钥对管理' }));
    expect(await screen.findByTestId('key-pair-page')).toBeTruthy();
  });

  it('enables ADB, shows the address with copy buttons that say they copied, and closes it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fakeApi.ok('POST', `/user/ph/phone/${phone.id}/enable_adb`, {
      adb_address: '47.100.1.2:40123',
      phone: adbOn(withKey),
    });
    fakeApi.ok('POST', `/user/ph/phone/${phone.id}/close_adb`, { adb_address: null, phone: withKey });
    const onChanged = vi.fn();
    renderPart(<AdbDialog phones={[withKey]} open onClose={() => {}} onChanged={onChanged} />);

    expect((await screen.findByTestId('phone-adb-status')).textContent).toBe('未开启');
    fireEvent.click(screen.getByTestId('phone-adb-enable'));
    await waitFor(() => expect(screen.getByTestId('phone-adb-status').textContent).toBe('已开启'));
    expect(fakeApi.requests('POST', `/user/ph/phone/${phone.id}/enable_adb`)).toHaveLength(1);
    expect(onChanged).toHaveBeenCalledWith(
      expect.objectContaining({ adb_address: '47.100.1.2:40123' }),
      'enable',
    );
    const address = screen.getByTestId('phone-adb-address');
    expect(address.textContent).toContain('47.100.1.2:40123');
    fireEvent.click(within(address).getByRole('button', { name: '复制' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('47.100.1.2:40123'));
    expect(fake.toast).toHaveBeenCalledWith('success', '复制成功');
    fireEvent.click(screen.getAllByRole('button', { name: '复制' })[1]!);
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('adb connect 47.100.1.2:40123'));

    // Closing asks first.
    fireEvent.click(screen.getByTestId('phone-adb-close'));
    expect(fakeApi.requests('POST', `/user/ph/phone/${phone.id}/close_adb`)).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.getByTestId('phone-adb-status').textContent).toBe('未开启'));
    expect(fakeApi.requests('POST', `/user/ph/phone/${phone.id}/close_adb`)).toHaveLength(1);
    expect(screen.queryByTestId('phone-adb-address')).toBeNull();
  });

  it('speaks English, copy included', async () => {
    await i18n.changeLanguage('en-US');
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPart(<AdbDialog phones={[adbOn(withKey)]} open onClose={() => {}} />);
    expect((await screen.findByTestId('phone-adb-status')).textContent).toBe('On');
    fireEvent.click(within(screen.getByTestId('phone-adb-address')).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(fake.toast).toHaveBeenCalledWith('success', 'Copied'));
  });
});

describe('ImportContactsDialog', { timeout: 20_000 }, () => {
  const stored: UploadedFile = {
    fileName: '2026/11/26/0c6f9b8e-2b1c-4d5e-8f90-123456789abc.vcf',
    url: '/api/common/files/2026/11/26/0c6f9b8e-2b1c-4d5e-8f90-123456789abc.vcf',
    originalName: 'contacts.vcf',
    size: 120,
  };
  const IMPORT = `/user/ph/phone/${phone.id}/import_contacts`;
  const pick = (name: string) =>
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, {
      target: {
        files: [new File(['BEGIN:VCARD\nFN:A\nTEL:123456\nEND:VCARD\n'], name, { type: 'text/vcard' })],
      },
    });

  it('uploads a .vcf, imports it with an Idempotency-Key and shows the count imported', async () => {
    fakeApi.on('POST', '/common/upload', () => ({
      data: { ...envelope(stored), fileName: stored.fileName },
    }));
    fakeApi.ok('POST', IMPORT, { imported: 2, skipped: 1 });
    renderPart(<ImportContactsDialog phones={[phone]} open onClose={() => {}} />);

    const importButton = await screen.findByTestId<HTMLButtonElement>('phone-contacts-import');
    expect(importButton.disabled).toBe(true);
    pick('contacts.vcf');
    await waitFor(() => expect(importButton.disabled).toBe(false));
    fireEvent.click(importButton);

    const result = await screen.findByTestId('phone-contacts-result');
    expect(result.textContent).toContain('已导入 2 个联系人');
    expect(result.textContent).toContain('跳过 1 条缺少姓名或电话的记录');
    const [request] = fakeApi.requests('POST', IMPORT);
    expect(request?.body).toEqual({ file: stored.fileName });
    expect(request?.headers['idempotency-key']).toMatch(UUID);

    // Another file is a new import.
    fireEvent.click(screen.getByTestId('phone-contacts-again'));
    expect(screen.queryByTestId('phone-contacts-result')).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>('phone-contacts-import').disabled).toBe(true);
  });

  it('refuses other file types before uploading', async () => {
    renderPart(<ImportContactsDialog phones={[phone]} open onClose={() => {}} />);
    await screen.findByTestId('phone-contacts-import');
    pick('notes.txt');
    await waitFor(() => expect(fake.toast).toHaveBeenCalled());
    expect(fake.toast.mock.calls[0]?.[1]).toContain('vcf/csv');
    expect(fakeApi.requests('POST', '/common/upload')).toHaveLength(0);
  });

  it('says a stopped phone cannot import', async () => {
    renderPart(
      <ImportContactsDialog
        phones={[testPhone({ status: 'stopped', actions: ['start'] })]}
        open
        onClose={() => {}}
      />,
    );
    expect((await screen.findByTestId('phone-contacts-not-running')).textContent).toContain('云手机未运行');
    expect(screen.getByTestId<HTMLButtonElement>('phone-contacts-import').disabled).toBe(true);
  });
});
