import type { Page } from '@playwright/test';
import { DUPLICATE_URL_WINDOW_MS, LOGIN_STEP_UP_FAILURES } from '@cloudbay/contracts/core';
import {
  PASSWORD,
  failLoginsFromManyAddresses,
  mailedCode,
  signedUpToken,
  skipAdPopup,
  uniqueEmail,
} from './accounts';
import { expect, test } from './fixtures';

const HAN = /[\u4e00-\u9fff]/;

interface Texts {
  language: 'zh' | 'en';
  registered: string;
  sendCountdown: RegExp;
  profileSaved: string;
  greeting: string;
}

const ZH: Texts = {
  language: 'zh',
  registered: '注册成功，请使用新账号登录',
  sendCountdown: /^\d+ 秒$/,
  profileSaved: '资料已更新',
  greeting: '你好，',
};

const EN: Texts = {
  language: 'en',
  registered: 'Your account is ready. Please log in with it.',
  sendCountdown: /^\d+ s$/,
  profileSaved: 'Profile updated',
  greeting: 'Hello, ',
};

async function logIn(page: Page, email: string | null) {
  const form = page.getByTestId('login-form');
  if (email !== null) await form.locator('#email').fill(email);
  await form.locator('#password').fill(PASSWORD);
  await form.getByTestId('captcha-input').fill('any');
  await page.getByTestId('login-submit').click();
}

for (const texts of [ZH, EN]) {
  test(`an account from sign-up to logout (${texts.language})`, async ({ page, request, consoleErrors }) => {
    await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), texts.language);
    await skipAdPopup(page, request);
    const email = uniqueEmail(`journey-${texts.language}`);
    const nickname = `Tester ${texts.language.toUpperCase()} ${Date.now() % 10_000}`;

    // Sign up with the code the app mailed.
    await page.goto('/register?invite=');
    const register = page.getByTestId('register-form');
    await register.locator('#email').fill(email);
    await register.getByTestId('captcha-input').fill('any');
    const sentAt = new Date(Date.now() - 1000);
    const send = register.getByTestId('send-code');
    await send.click();
    await expect(send).toBeDisabled();
    await expect(send).toHaveText(texts.sendCountdown);
    const code = await mailedCode(email, sentAt, 'signup');
    await register.getByTestId('email-code-input').fill(code);
    await register.locator('#nickname').fill('Journey');
    await register.locator('#password').fill(PASSWORD);
    await register.locator('#confirm').fill(PASSWORD);
    await page.getByTestId('register-submit').click();

    // On to the login page, the e-mail filled in.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('page-login')).toContainText(texts.registered);
    await expect(page.getByTestId('login-form').locator('#email')).toHaveValue(email);
    await logIn(page, null);
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.getByTestId('home-greeting')).toHaveText(`${texts.greeting}Journey`);

    // A new account is greeted with the announcements, until it has read them.
    await expect(page.getByTestId('sys-notice-dialog')).toBeVisible();
    await page.getByTestId('sys-notice-read').click();
    await expect(page.getByTestId('sys-notice-dialog')).toBeHidden();

    // The profile, through the user menu: change the nickname.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-profile').click();
    await expect(page).toHaveURL(/\/user\/profile$/);
    const profile = page.getByTestId('profile-form');
    await expect(page.getByTestId('profile-name')).toHaveText('Journey');
    await profile.locator('#nickname').fill(nickname);
    await page.getByTestId('profile-save').click();
    await expect(page.getByText(texts.profileSaved)).toBeVisible();
    await expect(page.getByTestId('profile-name')).toHaveText(nickname);
    await expect(page.getByTestId('user-menu-name')).toHaveText(nickname);
    if (texts.language === 'en') await expect(page.locator('body')).not.toContainText(HAN);

    // Log out, once confirmed: the home is protected, so the app asks for a login again.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.getByTestId('logout-confirm').click();
    await expect(page).toHaveURL(/\/login\?redirect=\/index$/);

    // A protected page keeps its full path in `redirect`, and logging in leads back to it.
    await page.goto('/user/profile?tab=basic#top');
    await expect(page).toHaveURL(/\/login\?redirect=\/user\/profile%3Ftab%3Dbasic%23top$/);
    await logIn(page, email);
    await expect(page).toHaveURL(/\/user\/profile\?tab=basic#top$/);
    await expect(page.getByTestId('profile-name')).toHaveText(nickname);

    expect(consoleErrors).toEqual([]);
  });
}

test('the login page refuses a wrong password and keeps what was typed', async ({ page }) => {
  await page.goto('/login');
  const form = page.getByTestId('login-form');
  const email = uniqueEmail('wrong');
  // Once the visitor starts typing, the console's code is fetched into the cache, not before.
  const consoleScripts: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/index-[\w-]+\.js$/.test(request.url())) consoleScripts.push(request.url());
  });
  await expect(page.getByTestId('login-submit')).toBeVisible();
  expect(consoleScripts).toEqual([]);
  await form.locator('#email').fill(email);
  await expect.poll(() => consoleScripts.length).toBeGreaterThan(0);
  await form.locator('#password').fill('Wrong#Pass1');
  await form.getByTestId('captcha-input').fill('any');
  const firstImage = await page.getByTestId('captcha-refresh').locator('img').getAttribute('src');
  await page.getByTestId('login-submit').click();
  await expect(page.getByText('邮箱或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(form.locator('#email')).toHaveValue(email);
  await expect(form.locator('#password')).toHaveValue('Wrong#Pass1');
  // The captcha was used up: a new one, and the answer field is empty again.
  await expect(form.getByTestId('captcha-input')).toHaveValue('');
  await expect(page.getByTestId('captcha-refresh').locator('img')).not.toHaveAttribute(
    'src',
    firstImage ?? '',
  );
});

test('after failed logins from many addresses, the owner logs in with the password and an e-mailed code', async ({
  page,
  request,
}) => {
  await skipAdPopup(page, request);
  const { email } = await signedUpToken(request);
  await failLoginsFromManyAddresses(request, email, LOGIN_STEP_UP_FAILURES);

  await page.goto('/login');
  const form = page.getByTestId('login-form');
  await expect(form.getByTestId('email-code-input')).toBeHidden();
  await form.locator('#email').fill(email);
  await form.locator('#password').fill(PASSWORD);
  // Each use of the image code replaces it: an answer is typed once the new image shows.
  const image = page.getByTestId('captcha-refresh').locator('img');
  const answerNextImage = async (use: () => Promise<unknown>) => {
    const shown = (await image.getAttribute('src')) ?? '';
    await use();
    await expect(image).not.toHaveAttribute('src', shown);
    await form.getByTestId('captcha-input').fill('any');
  };
  await form.getByTestId('captcha-input').fill('any');
  await answerNextImage(() => page.getByTestId('login-submit').click());
  await expect(
    page.getByText('该邮箱近期登录失败次数异常，请输入发送到该邮箱的验证码和密码一起登录'),
  ).toBeVisible();

  // The code field has come, with its send button (which uses the image code).
  const sentAt = new Date(Date.now() - 1000);
  await answerNextImage(() => form.getByTestId('send-code').click());
  await form.getByTestId('email-code-input').fill(await mailedCode(email, sentAt, 'login'));
  // A person reads the mail for longer than the request client's same-URL guard (2 s).
  await page.waitForTimeout(DUPLICATE_URL_WINDOW_MS);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/index$/);
});

for (const language of ['zh', 'en'] as const) {
  test(`a forgotten password is reset with a mailed code (${language})`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    const { email } = await signedUpToken(request, uniqueEmail(`reset-${language}`));
    await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
    await page.goto('/login');
    await page.getByRole('link', { name: language === 'zh' ? '忘记密码？' : 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forget$/);

    const form = page.getByTestId('forget-form');
    await form.locator('#email').fill(email);
    await form.getByTestId('captcha-input').fill('any');
    const sentAt = new Date(Date.now() - 1000);
    await form.getByTestId('send-code').click();
    await form.getByTestId('email-code-input').fill(await mailedCode(email, sentAt, 'reset_password'));
    await form.locator('#password').fill('Brand-New#77');
    await form.locator('#confirm').fill('Brand-New#77');
    await page.getByTestId('forget-submit').click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('page-login')).toContainText(
      language === 'zh'
        ? '密码已重置，请使用新密码登录'
        : 'Your password was reset. Please log in with the new one.',
    );
    const login = page.getByTestId('login-form');
    await expect(login.locator('#email')).toHaveValue(email);
    await login.locator('#password').fill('Brand-New#77');
    await login.getByTestId('captcha-input').fill('any');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/index$/);
    expect(consoleErrors).toEqual([]);
  });
}
