/**
 * Issue 22, part G2 in both languages: a visitor opens the gift page without a session (the offer's
 * figures come from the settings), a new customer applies for the free trial from /user/gif, the
 * operator approves it on 业务管理 › 试用审核 / Trial applications, and the trial cloud computer runs
 * in the customer's list; the gift page then shows the approval.
 */
import { signIn } from './accounts';
import { CLOUD_TIMEOUT, DESKTOP_STATUS, desktopRow, useLanguage, type Lang } from './desktops';
import { expect, test, clickInSettledDialog, pickOption } from './fixtures';
import { operatorPage } from './operator';

const TEXTS = {
  zh: {
    trialOffer: '24 小时免费试用',
    regionRequired: '申请试用请选择地域',
    pending: '待审核',
    approved: '已通过',
    approvedToast: '已通过，试用云电脑正在创建',
  },
  en: {
    trialOffer: '24-hour free trial',
    regionRequired: 'Choose a region to apply for a trial',
    pending: 'Pending review',
    approved: 'Approved',
    approvedToast: 'Approved: the trial cloud computer is being created',
  },
} as const;

for (const lang of ['zh', 'en'] as const satisfies Lang[]) {
  test(`a customer applies for a trial from /user/gif, the operator approves it and the trial desktop runs (${lang})`, async ({
    page,
    browser,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const text = TEXTS[lang];
    await useLanguage(page, lang);

    // Open without a session: the offer and the way in.
    await page.goto('/user/gif');
    await expect(page.getByTestId('page-gift')).toBeVisible();
    await expect(page.getByTestId('gift-offer-trial')).toContainText(text.trialOffer);
    await expect(page.getByTestId('gift-offer-bonus-figure')).toHaveText('10%');
    await expect(page.getByTestId('gift-offer-referral-figure')).toHaveText(/^\d+(\.\d+)?%$/);
    await expect(page.getByTestId('gift-login')).toBeVisible();

    // Signed in: the form, its rules, then the application.
    const customer = await signIn(page, request);
    await page.goto('/user/gif');
    const form = page.getByTestId('gift-form');
    await expect(form).toBeVisible({ timeout: 30_000 });
    await form.getByTestId('gift-submit').click();
    await expect(form).toContainText(text.regionRequired);
    await form.getByTestId('gift-region').click();
    await pickOption(page);
    await form.getByTestId('gift-contact').fill(`@trial_${lang}`);
    await form.getByTestId('gift-remark').fill('e2e');
    await form.getByTestId('gift-submit').click();
    await expect(page.getByTestId('gift-status')).toHaveText(text.pending);
    await expect(form).toBeHidden();

    // The operator approves it.
    const operator = await operatorPage(browser, request, lang);
    await operator.page.goto('/business/trial');
    const trials = operator.page.getByTestId('trials');
    await expect(trials).toBeVisible({ timeout: 30_000 });
    await operator.page.getByTestId('trials-search-email').fill(customer.email);
    await operator.page.getByTestId('trials-search-submit').click();
    const row = trials.locator('tbody tr.ant-table-row').filter({ hasText: customer.email });
    await expect(row).toHaveCount(1);
    const status = row.locator('[data-testid^="trial-status-"]');
    await expect(status).toHaveText(text.pending);
    await row.locator('[data-testid^="trial-approve-"]').click();
    await clickInSettledDialog(operator.page, operator.page.getByTestId('confirm-ok'));
    await expect(operator.page.getByText(text.approvedToast)).toBeVisible();
    await expect(status).toHaveText(text.approved);
    await operator.close();

    // The customer's gift page shows it approved, and the trial desktop runs.
    await page.reload();
    await expect(page.getByTestId('gift-status')).toHaveText(text.approved, { timeout: 30_000 });
    await page.getByTestId('gift-open-desktops').click();
    const desktop = desktopRow(page, 'free-trial');
    await expect(desktop.getByTestId('desktop-status')).toHaveText(DESKTOP_STATUS[lang].running, {
      timeout: CLOUD_TIMEOUT,
    });
    expect(consoleErrors).toEqual([]);
  });
}
