import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Backup, BackupSpace, PriceQuote } from '@cloudbay/contracts';
import { i18n } from '../../../lib/i18n';
import { fakeApi } from '../../../test/fake-api';
import { envelope } from '../../../test/mock-adapter';
import { openListPage, servePagedList, tableRows } from '../../../test/list-page';
import { pickPhone, servePhones, testPhone } from '../test-phone-pages';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const SPACE = '/user/ph/ph_backup_space';
const BACKUPS = '/user/ph/ph_backup';
const openBackups = () =>
  openListPage({ path: '/phone/backup', component: 'phone/backup', pageTestId: 'page-phone-backups' });
const rows = () => [...tableRows('backups-table')] as HTMLElement[];

function testSpace(overrides: Partial<BackupSpace> = {}): BackupSpace {
  return {
    id: 'bs-000001',
    size_gib: 10,
    used_mib: 2560,
    status: 'available',
    expired_at: '2026-12-26T08:00:00.000Z',
    expiry_state: 'normal',
    auto_renew: false,
    created_at: '2026-11-26T08:00:00.000Z',
    actions: ['expand', 'renew', 'auto_renew'],
    ...overrides,
  };
}

function testBackup(id: string, overrides: Partial<Backup> = {}): Backup {
  return {
    id,
    name: `nightly ${id}`,
    description: 'before the update',
    status: 'available',
    size_mib: 2048,
    phone_id: 'ph-000001',
    phone_name: 'phone-1',
    task_id: 11,
    created_at: '2026-11-26T09:00:00.000Z',
    ...overrides,
  };
}

const serveSpace = (space: BackupSpace | null) =>
  fakeApi.ok('GET', SPACE, { list: space ? [space] : [], total: space ? 1 : 0, page: 1, limit: 10 });
const serveBackups = (backups: Backup[]) => servePagedList(BACKUPS, backups, () => true);

/** GET …/price: $2 per 10 GiB-month, the 3-month term 10 % off. */
function quoteOf(size: number, period: number): PriceQuote {
  const original = (size / 10) * 2 * period;
  const payable = period === 3 ? original * 0.9 : original;
  return {
    billing_method: 'subscription',
    period,
    quantity: 1,
    unit_price: ((size / 10) * 2).toFixed(2),
    hourly_price: '0.000',
    original_price: original.toFixed(2),
    discount: period === 3 ? 0.9 : 1,
    discount_amount: (original - payable).toFixed(2),
    payable_price: payable.toFixed(2),
    min_balance: payable.toFixed(2),
  } as PriceQuote;
}

// The page and its dialogs (lazy parts) loaded once, so a dialog opens without waiting for its chunk.
beforeAll(
  () => Promise.all([import('./backup-page'), import('./space-dialogs'), import('./backup-dialogs')]),
  60_000,
);

beforeEach(() => {
  fakeApi.ok('GET', '/user/u_period_discount', [
    { id: 1, unit: 'month', period: 1, discount: 1, ph_discount: 1 },
    { id: 2, unit: 'month', period: 3, discount: 0.95, ph_discount: 0.9 },
  ]);
  fakeApi.on('GET', `${SPACE}/price`, (request) => ({
    data: envelope(quoteOf(Number(request.query.size), Number(request.query.period))),
  }));
  servePhones([testPhone('ph-000001', 'phone-1'), testPhone('ph-000002', 'phone-2')]);
});

describe('BackupPage', { timeout: 60_000 }, () => {
  it('without a space says what it is for, and buys one at the price shown before paying', async () => {
    serveSpace(null);
    serveBackups([]);
    fakeApi.on('POST', SPACE, () => {
      serveSpace(testSpace({ size_gib: 20, used_mib: 0 }));
      return { data: envelope({ order: null, space: testSpace({ size_gib: 20, used_mib: 0 }) }) };
    });
    await openBackups();
    const panel = await screen.findByTestId('space-panel');
    expect(panel.textContent).toContain('暂无备份空间');
    expect(panel.textContent).toContain('可购买 10–5000 GiB，需为 10 的倍数');
    expect((await screen.findByTestId('backups-empty')).textContent).toContain('暂无备份');

    fireEvent.click(screen.getByTestId('space-buy-open'));
    const size = (await screen.findByTestId('space-buy-size', undefined, {
      timeout: 5_000,
    })) as HTMLInputElement;
    expect(size.value).toBe('10');
    // The first term is priced at once; the due amount shows before anything is paid.
    await waitFor(() => expect(screen.getByTestId('space-buy-price-due').textContent).toBe('$2.00'));
    const pay = screen.getByTestId('space-buy-pay') as HTMLButtonElement;
    // The agreement is required.
    expect(pay.disabled).toBe(true);

    // A size off the steps is refused on the spot and never priced.
    fireEvent.change(size, { target: { value: '15' } });
    expect(await screen.findByText('请输入 10–5000 GiB，且为 10 的倍数')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fakeApi.requests('GET', `${SPACE}/price`).some((request) => request.query.size === 15)).toBe(
      false,
    );

    fireEvent.change(size, { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('space-buy-period-3'));
    await waitFor(() => expect(screen.getByTestId('space-buy-price-due').textContent).toBe('$10.80'));
    expect(fakeApi.requests('GET', `${SPACE}/price`).at(-1)?.query).toEqual({ size: 20, period: 3 });
    fireEvent.click(screen.getByTestId('space-buy-agree'));
    // $10.80 is within the $12.50 balance.
    await waitFor(() => expect(pay.disabled).toBe(false));
    expect(pay.textContent).toContain('$10.80');
    fireEvent.click(pay);
    await waitFor(() => expect(fakeApi.requests('POST', SPACE)).toHaveLength(1));
    const [bought] = fakeApi.requests('POST', SPACE);
    expect(bought?.body).toEqual({ size: 20, period: 3, auto_renew: false, agreed: true });
    expect(bought?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.getByTestId('space-size').textContent).toBe('20 GiB'));
  });

  it('says when the price is over the balance and pays nothing', async () => {
    serveSpace(null);
    serveBackups([]);
    await openBackups();
    fireEvent.click(await screen.findByTestId('space-buy-open'));
    const size = await screen.findByTestId('space-buy-size', undefined, { timeout: 15_000 });
    fireEvent.change(size, { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('space-buy-price-due').textContent).toBe('$20.00'));
    fireEvent.click(screen.getByTestId('space-buy-agree'));
    expect(await screen.findByText(/当前账户余额不足/)).toBeTruthy();
    expect((screen.getByTestId('space-buy-pay') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the space: size, what is used, expiry and its actions; and the backups with their phone and size', async () => {
    serveSpace(testSpace());
    serveBackups([
      testBackup('bk-1'),
      testBackup('bk-2', { status: 'creating', size_mib: null, description: '' }),
    ]);
    await openBackups();
    const panel = await screen.findByTestId('space-panel');
    await waitFor(() => expect(within(panel).getByTestId('space-size').textContent).toBe('10 GiB'));
    expect(within(panel).getByTestId('space-used').textContent).toBe('2.5 / 10 GiB');
    expect((within(panel).getByTestId('space-expand-open') as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [made, making] = rows();
    expect(within(made!).getByTestId('backup-name').textContent).toBe('nightly bk-1');
    expect(made!.textContent).toContain('before the update');
    expect(made!.textContent).toContain('phone-1');
    expect(made!.textContent).toContain('2,048 MiB');
    expect(within(made!).getByTestId('backup-status').textContent).toBe('可用');
    expect(within(making!).getByTestId('backup-status').textContent).toBe('备份中');
    // A backup being made can be neither restored nor renamed.
    expect((within(making!).getByTestId('backup-restore') as HTMLButtonElement).disabled).toBe(true);
    expect((within(making!).getByTestId('backup-edit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('backs up chosen phones only with a name of 3–128 characters, the room left shown', async () => {
    serveSpace(testSpace());
    serveBackups([]);
    fakeApi.ok('POST', BACKUPS, { tasks: [{ phone_id: 'ph-000002', task_id: 12, backup_id: 'bk-9' }] });
    await openBackups();
    await screen.findByTestId('backups-empty');
    fireEvent.click(screen.getByTestId('backup-create-open'));
    const room = await screen.findByTestId('backup-create-room', undefined, { timeout: 15_000 });
    expect(room.textContent).toContain('备份空间剩余 7680 MiB');
    const name = screen.getByTestId('backup-create-name');
    const description = screen.getByTestId('backup-create-description') as HTMLTextAreaElement;
    expect(name.getAttribute('maxlength')).toBe('128');
    expect(description.getAttribute('maxlength')).toBe('500');

    // Nothing chosen and a name too short: both said, nothing sent.
    fireEvent.change(name, { target: { value: ' ab ' } });
    fireEvent.click(screen.getByTestId('backup-create-submit'));
    expect(await screen.findByText('请选择云手机')).toBeTruthy();
    expect(await screen.findByText('请输入 3–128 个字符')).toBeTruthy();
    // Spaces alone are not a name either.
    fireEvent.change(name, { target: { value: '     ' } });
    fireEvent.click(screen.getByTestId('backup-create-submit'));
    await waitFor(() => expect(screen.getAllByText('请输入 3–128 个字符')).toHaveLength(1));
    expect(fakeApi.requests('POST', BACKUPS)).toHaveLength(0);

    await pickPhone('backup-create-phones', 'phone-2');
    fireEvent.change(name, { target: { value: '  before update  ' } });
    fireEvent.change(description, { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('backup-create-submit'));
    await waitFor(() => expect(fakeApi.requests('POST', BACKUPS)).toHaveLength(1));
    const [sent] = fakeApi.requests('POST', BACKUPS);
    // Trimmed; an empty description is left out.
    expect(sent?.body).toEqual({ phone_ids: ['ph-000002'], name: 'before update' });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/已创建 1 个备份任务/)).toBeTruthy();
    expect(screen.getByText('可在任务中心查看进度').getAttribute('href')).toBe('/phone/task');
  });

  it('cannot back up without a space', async () => {
    serveSpace(null);
    serveBackups([]);
    await openBackups();
    await screen.findByTestId('backups-empty');
    fireEvent.click(screen.getByTestId('backup-create-open'));
    expect(
      await screen.findByText('请先购买备份空间再备份云手机。', undefined, { timeout: 15_000 }),
    ).toBeTruthy();
    expect((screen.getByTestId('backup-create-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('renames a backup under the same rules', async () => {
    serveSpace(testSpace());
    serveBackups([testBackup('bk-1')]);
    fakeApi.ok('PUT', `${BACKUPS}/bk-1`, testBackup('bk-1', { name: 'weekly' }));
    await openBackups();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]!).getByTestId('backup-edit'));
    const name = (await screen.findByTestId('backup-edit-name', undefined, {
      timeout: 5_000,
    })) as HTMLInputElement;
    expect(name.value).toBe('nightly bk-1');
    fireEvent.change(name, { target: { value: 'wk' } });
    fireEvent.click(screen.getByTestId('backup-edit-submit'));
    expect(await screen.findByText('请输入 3–128 个字符')).toBeTruthy();
    expect(fakeApi.requests('PUT', `${BACKUPS}/bk-1`)).toHaveLength(0);
    fireEvent.change(name, { target: { value: ' weekly ' } });
    fireEvent.click(screen.getByTestId('backup-edit-submit'));
    await waitFor(() =>
      expect(fakeApi.requests('PUT', `${BACKUPS}/bk-1`)[0]?.body).toEqual({
        name: 'weekly',
        description: 'before the update',
      }),
    );
  });

  it('restores onto another phone only once the confirmation word is typed', async () => {
    serveSpace(testSpace());
    serveBackups([testBackup('bk-1')]);
    fakeApi.ok('POST', `${BACKUPS}/bk-1/recovery`, { phone_id: 'ph-000002', task_id: 13, backup_id: 'bk-1' });
    await openBackups();
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]!).getByTestId('backup-restore'));
    const dialog = await screen.findByTestId('backup-restore-dialog', undefined, { timeout: 15_000 });
    // Its own phone by default, named in the warning.
    expect(dialog.textContent).toContain('phone-1 (原云手机)');
    expect(dialog.textContent).toContain('phone-1 上的数据将被此备份覆盖，且无法撤销。');
    await pickPhone('backup-restore-target', 'phone-2');
    await waitFor(() => expect(dialog.textContent).toContain('phone-2 上的数据将被此备份覆盖'));

    const submit = screen.getByTestId('backup-restore-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('backup-restore-confirm'), { target: { value: '恢 复' } });
    expect(submit.disabled).toBe(true);
    fireEvent.click(submit);
    expect(fakeApi.requests('POST', `${BACKUPS}/bk-1/recovery`)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('backup-restore-confirm'), { target: { value: ' 恢复 ' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(fakeApi.requests('POST', `${BACKUPS}/bk-1/recovery`)).toHaveLength(1));
    const [sent] = fakeApi.requests('POST', `${BACKUPS}/bk-1/recovery`);
    expect(sent?.body).toEqual({ phone_id: 'ph-000002' });
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/恢复任务已创建/)).toBeTruthy();
  });

  it('asks for RESTORE on an English page', async () => {
    await i18n.changeLanguage('en-US');
    serveSpace(testSpace());
    serveBackups([testBackup('bk-1')]);
    await openBackups();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByTestId('backup-status').textContent).toBe('Available');
    fireEvent.click(within(rows()[0]!).getByTestId('backup-restore'));
    await screen.findByTestId('backup-restore-dialog', undefined, { timeout: 15_000 });
    const submit = screen.getByTestId('backup-restore-submit') as HTMLButtonElement;
    fireEvent.change(screen.getByTestId('backup-restore-confirm'), { target: { value: '恢复' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('backup-restore-confirm'), { target: { value: 'restore' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
  });
});
