import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { PASSWORD_MAX_LENGTH } from '@cloudbay/contracts/core';
import { i18n } from '../../lib/i18n';
import { fakeApi, fakeFetch } from '../../test/fake-api';
import { renderAuth } from '../../test/render-auth';

vi.mock('../document', () => ({ loadPage: vi.fn(), replacePage: vi.fn() }));

beforeEach(() => {
  vi.stubGlobal('fetch', fakeFetch);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const CAPTCHA = { uuid: '0b6c9b51-6f0e-4d8f-9d1e-2f4f8a7f3c11', img: 'data:image/svg+xml,<svg/>' };
// Typing fires `input` events; Preact (what ships) listens to them for onChange, as React does.
const type = (element: HTMLElement, value: string) => fireEvent.input(element, { target: { value } });

async function openRegister(path = '/register') {
  fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
  const view = renderAuth(path);
  await screen.findByTestId('page-register');
  // Sending a code needs the captcha's uuid.
  await screen.findByRole('img', { name: '图形验证码' });
  return view;
}

function fillForm(values: Partial<Record<'email' | 'code' | 'nickname' | 'password' | 'confirm', string>>) {
  const {
    email = 'new@example.com',
    code = '123456',
    nickname = 'Newcomer',
    password = 'Lagoon#Secret26',
  } = values;
  type(screen.getByLabelText('邮箱'), email);
  type(screen.getByTestId('email-code-input'), code);
  type(screen.getByLabelText('昵称'), nickname);
  type(screen.getByLabelText('密码'), password);
  type(screen.getByLabelText('确认密码'), values.confirm ?? password);
}

describe('RegisterPage', () => {
  it('prefills the invite code from ?invite=', async () => {
    await openRegister('/register?invite=FRIEND8');
    expect((screen.getByLabelText('邀请码（选填）') as HTMLInputElement).value).toBe('FRIEND8');
  });

  it.each([
    ['Sh#1', '密码长度需为 8 到 64 个字符'],
    ['Has Space#1', '密码不能包含空格'],
    ['alllowercase1', '密码需包含大写字母、小写字母、数字和特殊字符中的至少三种'],
    // Passes the character classes, but is one of the common passwords (the server's message).
    ['Password1!', '该密码过于常见、容易被猜到，请换一个'],
    ['Qwerty123!', '该密码过于常见、容易被猜到，请换一个'],
  ])('refuses the password %s with "%s"', async (password, message) => {
    await openRegister();
    fillForm({ password });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(fakeApi.requests('POST', '/user/signup')).toEqual([]);
  });

  it('checks the confirmation, the nickname and the e-mail code', async () => {
    await openRegister();
    fillForm({ confirm: 'Lagoon#Secret27', nickname: 'abc', code: '12a4' });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(screen.getByText('昵称长度需为 4 到 30 个字符')).toBeTruthy();
    expect(screen.getByText('邮箱验证码为 6 位数字')).toBeTruthy();
    expect(fakeApi.requests('POST', '/user/signup')).toEqual([]);
  });

  it('words the common-password refusal in English as the server does', async () => {
    await i18n.changeLanguage('en-US');
    fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
    renderAuth('/register');
    await screen.findByTestId('page-register');
    type(screen.getByLabelText('Password'), 'Password1!');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(
      await screen.findByText('This password is too common and easy to guess, please choose another'),
    ).toBeTruthy();
  });

  it('words the checks in English too', async () => {
    await i18n.changeLanguage('en-US');
    fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
    renderAuth('/register');
    await screen.findByTestId('page-register');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Please enter your e-mail')).toBeTruthy();
    // Each field's message appears when its own async check settles.
    expect(await screen.findByText('Please enter a nickname')).toBeTruthy();
    expect(await screen.findByText('Please enter the e-mail code')).toBeTruthy();
  });

  it('needs the e-mail and the image code before sending a code', async () => {
    await openRegister();
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('请输入邮箱')).toBeTruthy();
    type(screen.getByLabelText('邮箱'), 'new@example.com');
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('请输入图形验证码')).toBeTruthy();
    expect(fakeApi.requests('GET', '/user/signup/validate_code')).toEqual([]);
  });

  it('sends the code, then counts down before another may be sent', async () => {
    fakeApi.ok('GET', '/user/signup/validate_code', { resend_after_s: 60 });
    await openRegister();
    type(screen.getByLabelText('邮箱'), 'new@example.com');
    type(screen.getByTestId('captcha-input'), 'x7k2');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId('send-code'));

    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toBe('60 秒'));
    expect((screen.getByTestId('send-code') as HTMLButtonElement).disabled).toBe(true);
    expect(fakeApi.requests('GET', '/user/signup/validate_code')[0]?.query).toEqual({
      email: 'new@example.com',
      uuid: CAPTCHA.uuid,
      code: 'x7k2',
    });
    // The captcha is used up: cleared, and a new one fetched.
    expect((screen.getByTestId('captcha-input') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(fakeApi.requests('GET', '/image_validate_code')).toHaveLength(2));

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(screen.getByTestId('send-code').textContent).toBe('30 秒');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toBe('重新获取'));
    expect((screen.getByTestId('send-code') as HTMLButtonElement).disabled).toBe(false);
  });

  it('lets the user try again at once when the server refuses to send', async () => {
    fakeApi.fail('GET', '/user/signup/validate_code', 429, '验证码发送过于频繁，请 42 秒后再试');
    await openRegister();
    type(screen.getByLabelText('邮箱'), 'new@example.com');
    type(screen.getByTestId('captcha-input'), 'x7k2');
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('验证码发送过于频繁，请 42 秒后再试')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toBe('获取验证码'));
    expect((screen.getByTestId('send-code') as HTMLButtonElement).disabled).toBe(false);
  });

  it('signs up and goes to the login page with the e-mail and a success notice', async () => {
    fakeApi.ok('POST', '/user/signup', { userId: 12 });
    await openRegister('/register?invite=FRIEND8');
    fillForm({ email: ' New@Example.com ', nickname: ' Newcomer ' });
    fireEvent.click(screen.getByTestId('register-submit'));

    await screen.findByTestId('page-login');
    expect(window.location.pathname).toBe('/login');
    expect(fakeApi.requests('POST', '/user/signup')[0]?.body).toEqual({
      email: 'New@Example.com',
      password: 'Lagoon#Secret26',
      nickname: 'Newcomer',
      email_code: '123456',
      invite_code: 'FRIEND8',
    });
    expect(screen.getByText('注册成功，请使用新账号登录')).toBeTruthy();
    expect((screen.getByLabelText('邮箱') as HTMLInputElement).value).toBe('New@Example.com');
  });

  it('sends a 64-character password whole', async () => {
    const longest = 'Tide-Pool-Ember-Quartz-Violin-Maple-Orbit-Lantern-Fjord-Cactus9!';
    expect(longest).toHaveLength(PASSWORD_MAX_LENGTH);
    fakeApi.ok('POST', '/user/signup', { userId: 13 });
    await openRegister();
    fillForm({ password: longest });
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('page-login');
    expect(fakeApi.requests('POST', '/user/signup')[0]?.body).toMatchObject({ password: longest });
  });

  it('keeps the form and shows the field errors the server finds', async () => {
    fakeApi.fail('POST', '/user/signup', 400, '请求参数有误', {
      fields: [{ field: 'body.email_code', message: '邮箱验证码错误或已失效，请重新获取' }],
    });
    await openRegister();
    fillForm({});
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('邮箱验证码错误或已失效，请重新获取')).toBeTruthy();
    expect(window.location.pathname).toBe('/register');
    expect((screen.getByLabelText('昵称') as HTMLInputElement).value).toBe('Newcomer');
  });
});
