/**
 * Issue 20's backup centre journey, in both languages: a customer with two running phones buys 10
 * GiB of backup space on /phone/backup at the price shown, backs up one phone and watches the backup
 * become available, then restores it onto the other phone behind the typed confirmation and watches
 * the restore finish. The phones are bought through the API (their pages have their own journey).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { Backup, BackupSpace } from '@cloudbay/contracts';
import { bearer, call, signIn } from './accounts';
import {
  CLOUD_TIMEOUT,
  choose,
  dollars,
  dollarsIn,
  menuBalance,
  shownDollars,
  useLanguage,
  type Lang,
} from './desktops';
import { expect, test } from './fixtures';
import { fundedPhoneCustomer, runningPhone } from './phones';

const TEXTS = {
  zh: { available: '可用', confirmWord: '恢复' },
  en: { available: 'Available', confirmWord: 'RESTORE' },
} as const;

// The open list only: a closed select's list stays in the page, hidden, with the same options.
const option = (page: Page, label: string) =>
  page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: label })
    .first();

/** The customer's backups as GET /user/ph/ph_backup lists them. */
const backupsOf = async (request: APIRequestContext, token: string) =>
  (await call<{ list: Backup[] }>(request.get('/api/user/ph/ph_backup', { headers: bearer(token) }))).list;

// A journey on a shared 2-core machine: most of it is waiting for the cloud.
test.describe.configure({ timeout: 240_000 });

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  const texts = TEXTS[lang];

  test(`a customer buys backup space, backs up a phone and restores it onto another (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    await useLanguage(page, lang);
    const { token } = await signIn(page, request);
    await fundedPhoneCustomer(request, { token });
    const source = await runningPhone(request, token, `bk-src-${lang}`);
    const target = await runningPhone(request, token, `bk-dst-${lang}`);

    // Buy 10 GiB for the first term, at the price the dialog shows.
    await page.goto('/phone/backup');
    await expect(page.getByTestId('page-phone-backups')).toBeVisible();
    const user = await call<{ balance: string }>(request.get('/api/user', { headers: bearer(token) }));
    const before = dollarsIn(`$${user.balance}`);
    await page.getByTestId('space-buy-open').click();
    // (A modal's root has no box of its own: its fields say whether it is open.)
    const buy = page.getByTestId('space-buy-size');
    await expect(buy).toBeVisible();
    await expect(page.getByTestId('space-buy-size')).toHaveValue('10');
    await choose(page.getByTestId('space-buy-periods').getByRole('radio').first());
    const price = await shownDollars(page.getByTestId('space-buy-price-due'));
    await page.getByTestId('space-buy-agree').check();
    await page.getByTestId('space-buy-pay').click();
    await expect(buy).toBeHidden();
    await expect(page.getByTestId('space-size')).toHaveText('10 GiB');
    await expect(await menuBalance(page)).toHaveText(dollars(before - price));
    await page.keyboard.press('Escape');
    const [space] = (
      await call<{ list: BackupSpace[] }>(
        request.get('/api/user/ph/ph_backup_space', { headers: bearer(token) }),
      )
    ).list;
    expect(space).toMatchObject({ size_gib: 10, used_mib: 0 });

    // Back up the first phone; the list follows the task until the backup is available.
    await page.getByTestId('backup-create-open').click();
    const create = page.getByTestId('backup-create-name');
    await expect(create).toBeVisible();
    await page.getByTestId('backup-create-phones').click();
    await option(page, source.name).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('backup-create-name').fill(`nightly ${lang}`);
    await page.getByTestId('backup-create-description').fill('before the update');
    await page.getByTestId('backup-create-submit').click();
    await expect(create).toBeHidden();
    const row = page
      .getByTestId('backups-table')
      .locator('tbody tr.ant-table-row')
      .filter({ hasText: `nightly ${lang}` });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('backup-status')).toHaveText(texts.available, { timeout: CLOUD_TIMEOUT });
    await expect(row).toContainText(source.name);
    await expect(row).toContainText('MiB');

    const [made] = await backupsOf(request, token);
    expect(made).toMatchObject({ status: 'available', phone_id: source.id, name: `nightly ${lang}` });

    // Restore it onto the other phone: the typed confirmation guards the button.
    await row.getByTestId('backup-restore').click();
    const restore = page.getByTestId('backup-restore-confirm');
    await expect(restore).toBeVisible();
    // The list opens with a motion and refreshes its phones as it opens: a click during either can
    // miss, so the choice is made again until the select shows it.
    await expect(async () => {
      if (!(await option(page, target.name).isVisible()))
        await page.getByTestId('backup-restore-target').click();
      await option(page, target.name).click({ timeout: 2_000 });
      await expect(page.getByTestId('backup-restore-target')).toContainText(target.name, { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByTestId('backup-restore-dialog')).toContainText(target.name);
    await expect(page.getByTestId('backup-restore-submit')).toBeDisabled();
    await page.getByTestId('backup-restore-confirm').fill(texts.confirmWord);
    await page.getByTestId('backup-restore-submit').click();
    await expect(restore).toBeHidden();
    await expect(row.getByTestId('backup-status')).toHaveAttribute('data-status', /recovering|available/);
    await expect(row.getByTestId('backup-status')).toHaveText(texts.available, { timeout: CLOUD_TIMEOUT });

    // The restore was a task of its own (the backup names its latest task), and the backup is back.
    const [restored] = await backupsOf(request, token);
    expect(restored).toMatchObject({ id: made!.id, status: 'available', phone_id: source.id });
    expect(restored!.task_id).not.toBe(made!.task_id);
    expect(consoleErrors).toEqual([]);
  });
}
