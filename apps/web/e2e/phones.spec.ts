/**
 * Issue 16's cloud phone journey, in both languages: a new customer with the phone flag (set by the
 * operator) buys two phones, watches them run, restarts one, runs `getprop ro.product.model` on it
 * and reads its model, attaches a key pair and enables ADB from the list, renames the other and
 * gives it a device of another brand, puts both in a group, renews one at the price shown, and
 * finds every charge in the bills. The key pair and the group are made through the API (their
 * pages have their own journey).
 */
import { signIn } from './accounts';
import {
  CLOUD_TIMEOUT,
  choose,
  dollars,
  menuBalance,
  shownDollars,
  useLanguage,
  type Lang,
} from './desktops';
import { expect, test, clickInSettledDialog, pickOption } from './fixtures';
import {
  FUNDED_MICROS,
  attachedKeyPair,
  createPhoneGroup,
  fundedPhoneCustomer,
  otherBrand,
  phoneRow,
  phonesNamed,
} from './phones';

const TEXTS = {
  zh: {
    running: '运行中',
    creating: '创建中',
    restarting: /^(重启中|运行中)$/,
    saved: '已保存',
    replaceWord: '确认更换',
    language: 'zh-CN',
  },
  en: {
    running: 'Running',
    creating: 'Creating',
    restarting: /^(Restarting|Running)$/,
    saved: 'Saved',
    replaceWord: 'REPLACE',
    language: 'en-US',
  },
} as const;

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(`a customer buys two cloud phones, runs a command, enables ADB, replaces a device, groups and renews them, and sees the charges (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    // A long journey on a shared 2-core machine: most of it is waiting for the cloud.
    test.setTimeout(300_000);
    const texts = TEXTS[lang];
    await useLanguage(page, lang);
    const { token } = await signIn(page, request);
    await fundedPhoneCustomer(request, { token });

    // Two phones of the first spec for a month, named after a prefix.
    const prefix = `ph-${lang}`;
    await page.goto('/phone/buyph');
    await expect(page.getByTestId('phone-buy-form')).toBeVisible();
    await choose(page.getByTestId('phone-buy-regions').getByRole('radio').first());
    await choose(page.getByTestId('phone-buy-specs').getByRole('radio').first());
    await choose(page.getByTestId('buy-billing-subscription'));
    await choose(page.getByTestId('buy-period').getByRole('radio').first());
    await page.getByTestId('phone-buy-quantity').fill('2');
    await page.getByTestId('phone-buy-name').fill(prefix);
    await page.getByTestId('buy-agreed').check();
    await expect(page.getByTestId('buy-price')).toHaveAttribute('aria-busy', 'false');
    const price = await shownDollars(page.getByTestId('buy-payable'));
    await page.getByTestId('buy-submit').click();

    await expect(page).toHaveURL(/\/phone\/list/);
    await expect(page.getByTestId('phones-bought')).toBeVisible();
    const first = phoneRow(page, `${prefix}-1`);
    const second = phoneRow(page, `${prefix}-2`);
    for (const row of [first, second]) {
      await expect(row.getByTestId('phone-status')).toHaveText(texts.running, { timeout: CLOUD_TIMEOUT });
    }
    await expect(await menuBalance(page)).toHaveText(dollars(FUNDED_MICROS - price));
    await page.keyboard.press('Escape');

    // Restart the first (confirmed): it goes through restarting and runs again. The confirmation
    // closes once the list shows the restart, so the status read next is not the one from before.
    await first.getByTestId('phone-restart').click();
    await clickInSettledDialog(page, page.getByTestId('phone-confirm-ok'));
    await expect(page.getByTestId('phone-confirm-ok')).toBeHidden();
    await expect(first.getByTestId('phone-status')).toHaveText(texts.restarting);
    await expect(first.getByTestId('phone-status')).toHaveText(texts.running, { timeout: CLOUD_TIMEOUT });

    // Ask the first for its model in the command console: the cloud answers the model it presents.
    const bought = await phonesNamed(request, token, prefix);
    const phoneOne = bought.find((phone) => phone.name === `${prefix}-1`)!;
    const phoneTwo = bought.find((phone) => phone.name === `${prefix}-2`)!;
    await first.getByTestId('phone-more').click();
    await page.getByTestId('phone-action-run_command').filter({ visible: true }).click();
    await expect(page.getByTestId('phone-command-input')).toBeVisible();
    await page.getByTestId('phone-command-input').fill('getprop ro.product.model');
    await page.getByTestId('phone-command-run').click();
    await expect(page.getByTestId('phone-command-entry-output')).toHaveText(phoneOne.model!);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('phone-command')).toBeHidden();

    // A key pair attached to the first (and a group for both), then ADB from the list's dialog.
    await attachedKeyPair(request, token, `key-${lang}`, [phoneOne.id]);
    const group = `group-${lang}`;
    await createPhoneGroup(request, token, group);
    await page.reload();
    await first.getByTestId('phone-more').click();
    await page.getByTestId('phone-action-adb').filter({ visible: true }).click();
    await page.getByTestId('phone-adb-enable').click();
    await expect(page.getByTestId('phone-adb-address')).toHaveText(/^[\w.-]+:\d+$/, {
      timeout: CLOUD_TIMEOUT,
    });
    await page.keyboard.press('Escape');

    // Rename the second.
    const renamed = `${prefix}-live`;
    await second.getByTestId('phone-more').click();
    await page.getByTestId('phone-action-edit').filter({ visible: true }).click();
    await page.getByTestId('phone-edit-name').fill(renamed);
    await page.getByTestId('phone-edit-save').click();
    await expect(page.getByText(texts.saved)).toBeVisible();
    const live = phoneRow(page, renamed);
    await expect(live).toHaveCount(1, { timeout: CLOUD_TIMEOUT });

    // Give the second a device of another brand (its data is wiped: the typed word first), once
    // the rename has reached the cloud: the engine refuses a replacement while a call is in flight.
    await expect
      .poll(async () => (await phonesNamed(request, token, renamed))[0]?.actions ?? [], {
        timeout: CLOUD_TIMEOUT,
      })
      .toContain('run_command');
    const brand = await otherBrand(request, token, phoneTwo.brand, texts.language);
    await live.getByTestId('phone-more').click();
    await page.getByTestId('phone-action-replace').filter({ visible: true }).click();
    await page.getByTestId('phone-replace-brand').click();
    await pickOption(page, brand.name);
    const replace = page.getByTestId('phone-replace-submit');
    await expect(replace).toBeDisabled();
    await page.getByTestId('phone-replace-confirm').fill(texts.replaceWord);
    await replace.click();
    await expect(page.getByTestId('phone-replace-table')).toContainText(new RegExp(brand.brand, 'i'));
    await page.getByTestId('phone-replace-close').click();
    // The list names the brand in the reader's language (三星), or the model alone where it says it (Xiaomi 14).
    await expect(live.getByTestId('phone-device')).toContainText(
      new RegExp(`${brand.name}|${brand.brand}`, 'i'),
      {
        timeout: CLOUD_TIMEOUT,
      },
    );
    await expect(live.getByTestId('phone-status')).toHaveText(texts.running, { timeout: CLOUD_TIMEOUT });

    // Both into the group, from the batch actions.
    for (const row of [first, live]) await row.getByRole('checkbox').check();
    await page.getByTestId('phone-batch-group').click();
    await page.getByTestId('phone-group-select').click();
    await pickOption(page, group);
    await clickInSettledDialog(page, page.getByTestId('phone-group-ok'));
    await expect(page.getByTestId('phone-group-dialog')).toBeHidden();
    for (const row of [first, live]) await expect(row).toContainText(group);

    // Renew the first for the first term at the price the dialog shows.
    await first.getByTestId('phone-more').click();
    await page.getByTestId('phone-action-renew').filter({ visible: true }).click();
    const renewDialog = page.getByTestId('phone-renew-dialog');
    await renewDialog.getByTestId('phone-renew-periods').getByRole('radio').first().check();
    const renewDue = await shownDollars(page.getByTestId('phone-renew-price-due'));
    const pay = page.getByTestId('phone-renew-pay');
    await expect(pay).toContainText(dollars(renewDue));
    await pay.click();
    await expect(renewDialog).toBeHidden();
    await expect(await menuBalance(page)).toHaveText(dollars(FUNDED_MICROS - price - renewDue));
    await page.keyboard.press('Escape');

    // Both charges are in the bills, newest first.
    await page.goto('/mesceter/bill');
    const bills = page.getByTestId('bills-table').locator('tbody tr.ant-table-row');
    await expect(bills.nth(0).getByTestId('bill-amount')).toHaveText(`−${dollars(renewDue)}`);
    await expect(bills.nth(1).getByTestId('bill-amount')).toHaveText(`−${dollars(price)}`);
    expect(consoleErrors).toEqual([]);
  });
}
