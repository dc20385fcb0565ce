/**
 * Issue 22's referral journey, in both languages: a new customer signs up through the inviter's
 * invite link, tops up and buys; the inviter sees the invitee and the reward on /user/pullnew and
 * withdraws the rebate to the balance.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  bearer,
  bearerWithKey,
  call,
  loggedInToken,
  mailedCode,
  PASSWORD,
  readAnnouncements,
  signedUpToken,
  skipAdPopup,
  uniqueEmail,
} from './accounts';
import { dollars, dollarsIn, menuBalance, useLanguage, type Lang } from './desktops';
import { paidTopup } from './wallet';

const TEXTS = {
  zh: {
    title: '推广返利',
    rewards: '返利记录',
    purchase: '购买',
    withdrawn: '已提现',
    succeeded: '到账户余额',
  },
  en: {
    title: 'Referral rebate',
    rewards: 'Rewards',
    purchase: 'Purchase',
    withdrawn: 'Withdrawn',
    succeeded: 'moved to your balance',
  },
} as const;

/** Two 2c4g desktops for 12 months through the API: enough spend for a rebate above the minimum. */
async function buyDesktops(request: APIRequestContext, token: string): Promise<void> {
  const regions = await call<{ id: number }[]>(request.get('/api/describe_regions'));
  await call(
    request.post('/api/user/desktop', {
      headers: bearerWithKey(token),
      data: {
        region_id: regions[0]!.id,
        bundle_id: 'b-general-2c4g',
        image_id: 'img-ubuntu-2204',
        billing_method: 'subscription',
        period: 12,
        quantity: 2,
        name: `ref-${Date.now() % 100_000}`,
        agreed: true,
      },
    }),
  );
}

for (const lang of ['zh', 'en'] as Lang[]) {
  const texts = TEXTS[lang];
  test(`an invitee signs up through the invite link and buys; the inviter withdraws the reward (${lang})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    await useLanguage(page, lang);
    const inviter = await signedUpToken(request, uniqueEmail(`inviter-${lang}`));
    const summary = await call<{ invite_code: string; invite_link: string }>(
      request.get('/api/user/referral', { headers: bearer(inviter.token) }),
    );
    const invitePath = new URL(summary.invite_link).pathname + new URL(summary.invite_link).search;
    expect(invitePath).toBe(`/register?invite=${summary.invite_code}`);

    // The invitee opens the link: the code is filled in, and signs up.
    const email = uniqueEmail(`invitee-${lang}`);
    await page.goto(invitePath);
    const register = page.getByTestId('register-form');
    await expect(register.locator('#invite_code')).toHaveValue(summary.invite_code);
    await register.locator('#email').fill(email);
    await register.getByTestId('captcha-input').fill('any');
    const sentAt = new Date(Date.now() - 1000);
    await register.getByTestId('send-code').click();
    await register.getByTestId('email-code-input').fill(await mailedCode(email, sentAt, 'signup'));
    await register.locator('#nickname').fill('Invitee');
    await register.locator('#password').fill(PASSWORD);
    await register.locator('#confirm').fill(PASSWORD);
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/login$/);

    // The invitee tops up and buys (the purchase API the buy page calls).
    const inviteeToken = await loggedInToken(request, email);
    await readAnnouncements(request, inviteeToken);
    await paidTopup(request, inviteeToken, 2000);
    await buyDesktops(request, inviteeToken);

    // The inviter sees the invitee, the reward and withdraws it all to the balance.
    await page.addInitScript((value) => window.localStorage.setItem('token', value), inviter.token);
    await skipAdPopup(page, request);
    await page.goto('/user/pullnew');
    await expect(page.getByTestId('page-referral')).toContainText(texts.title);
    await expect(page.getByTestId('referral-code')).toContainText(summary.invite_code);
    await expect(page.getByTestId('referral-qrcode')).toBeVisible();
    await expect(page.getByTestId('referral-invitees-table')).toContainText(email.slice(0, 2));
    const withdrawable = dollarsIn((await page.getByTestId('referral-withdrawable').textContent()) ?? '');
    expect(withdrawable).toBeGreaterThanOrEqual(10_000_000n);
    await expect(page.getByTestId('referral-earned')).toContainText(dollars(withdrawable));
    await page.getByRole('tab', { name: texts.rewards }).click();
    await expect(page.getByTestId('referral-rewards-table')).toContainText(texts.purchase);
    await expect(page.getByTestId('referral-rewards-table')).toContainText(dollars(withdrawable));

    const before = dollarsIn((await (await menuBalance(page)).textContent()) ?? '');
    await page.keyboard.press('Escape');
    await page.getByTestId('referral-withdraw').click();
    const dialog = page.getByTestId('withdrawal-dialog');
    // The dialog's root wrapper has no box of its own (its content is positioned): read its parts.
    await expect(dialog.getByTestId('withdrawal-all')).toBeVisible();
    await dialog.getByTestId('withdrawal-all').click();
    await expect(dialog.getByTestId('withdrawal-amount')).toHaveValue(dollars(withdrawable).slice(1));
    await page.getByTestId('withdrawal-submit').click();
    await expect(page.getByText(texts.succeeded)).toBeVisible();
    await expect(page.getByTestId('withdrawal-submit')).toBeHidden();
    await expect(page.getByTestId('referral-withdrawable')).toContainText('$0.00');
    await expect(page.getByTestId('referral-withdrawn')).toContainText(dollars(withdrawable));
    await expect(async () => {
      const after = dollarsIn((await (await menuBalance(page)).textContent()) ?? '');
      await page.keyboard.press('Escape');
      expect(after).toBe(before + withdrawable);
    }).toPass({ timeout: 15_000 });

    expect(consoleErrors).toEqual([]);
  });
}
