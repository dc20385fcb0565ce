import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, fakeFetch } from '../../test/fake-api';
import { renderAuth } from '../../test/render-auth';

vi.mock('../document', () => ({ loadPage: vi.fn(), replacePage: vi.fn() }));

beforeEach(() => {
  vi.stubGlobal('fetch', fakeFetch);
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const CAPTCHA = { uuid: '0b6c9b51-6f0e-4d8f-9d1e-2f4f8a7f3c11', img: 'data:image/svg+xml,<svg/>' };
// Typing fires `input` events; Preact (what ships) listens to them for onChange, as React does.
const type = (element: HTMLElement, value: string) => fireEvent.input(element, { target: { value } });

async function openForget() {
  fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
  const view = renderAuth('/forget');
  await screen.findByTestId('page-forget');
  // Sending a code needs the captcha's uuid.
  await screen.findByRole('img', { name: '图形验证码' });
  return view;
}

describe('ForgetPage', () => {
  it('checks the new password and its confirmation', async () => {
    await openForget();
    type(screen.getByLabelText('邮箱'), 'ada@example.com');
    type(screen.getByTestId('email-code-input'), '123456');
    type(screen.getByLabelText('新密码'), 'password');
    type(screen.getByLabelText('确认密码'), 'other');
    fireEvent.click(screen.getByTestId('forget-submit'));
    expect(await screen.findByText('密码需包含大写字母、小写字母、数字和特殊字符中的至少三种')).toBeTruthy();
    expect(screen.getByText('两次输入的密码不一致')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/no_auth/password')).toEqual([]);
  });

  it('refuses a common new password with the message the server gives', async () => {
    await openForget();
    type(screen.getByLabelText('邮箱'), 'ada@example.com');
    type(screen.getByTestId('email-code-input'), '123456');
    type(screen.getByLabelText('新密码'), 'Qwerty123!');
    type(screen.getByLabelText('确认密码'), 'Qwerty123!');
    fireEvent.click(screen.getByTestId('forget-submit'));
    expect(await screen.findByText('该密码过于常见、容易被猜到，请换一个')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/no_auth/password')).toEqual([]);
  });

  it('mails a reset code with the image code', async () => {
    fakeApi.ok('GET', '/user/no_auth/edit_password/validate_code', { resend_after_s: 60 });
    await openForget();
    type(screen.getByLabelText('邮箱'), 'ada@example.com');
    type(screen.getByTestId('captcha-input'), 'q8w3');
    fireEvent.click(screen.getByTestId('send-code'));
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toBe('60 秒'));
    expect(fakeApi.requests('GET', '/user/no_auth/edit_password/validate_code')[0]?.query).toEqual({
      email: 'ada@example.com',
      uuid: CAPTCHA.uuid,
      code: 'q8w3',
    });
    expect(
      fakeApi.requests('GET', '/user/no_auth/edit_password/validate_code')[0]?.headers.authorization,
    ).toBe(undefined);
  });

  it('sends the code once an image still loading is there', async () => {
    fakeApi.ok('GET', '/user/no_auth/edit_password/validate_code', { resend_after_s: 60 });
    let showImage!: () => void;
    const imageShown = new Promise<void>((resolve) => (showImage = resolve));
    fakeApi.on('GET', '/image_validate_code', async () => {
      await imageShown;
      return { data: { code: 200, msg: '', success: true, data: CAPTCHA } };
    });
    renderAuth('/forget');
    await screen.findByTestId('page-forget');
    type(screen.getByLabelText('邮箱'), 'ada@example.com');
    type(screen.getByTestId('captcha-input'), 'q8w3');
    fireEvent.click(screen.getByTestId('send-code'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fakeApi.requests('GET', '/user/no_auth/edit_password/validate_code')).toEqual([]);
    showImage();
    await waitFor(() => expect(screen.getByTestId('send-code').textContent).toBe('60 秒'));
    expect(fakeApi.requests('GET', '/user/no_auth/edit_password/validate_code')[0]?.query).toMatchObject({
      uuid: CAPTCHA.uuid,
    });
  });

  it('sends no code without an image, and says why under the code field', async () => {
    fakeApi.fail('GET', '/image_validate_code', 500, '系统未知错误');
    renderAuth('/forget');
    await screen.findByTestId('page-forget');
    await waitFor(() => expect(fakeApi.requests('GET', '/image_validate_code')).toHaveLength(1));
    type(screen.getByLabelText('邮箱'), 'ada@example.com');
    type(screen.getByTestId('captcha-input'), 'q8w3');
    fireEvent.click(screen.getByTestId('send-code'));
    expect(await screen.findByText('图形验证码未能加载，请点击重试')).toBeTruthy();
    expect(fakeApi.requests('GET', '/user/no_auth/edit_password/validate_code')).toEqual([]);
  });

  it('resets the password and goes to the login page with the e-mail', async () => {
    fakeApi.ok('PUT', '/user/no_auth/password', null);
    await openForget();
    type(screen.getByLabelText('邮箱'), 'ada@example.com');
    type(screen.getByTestId('email-code-input'), '654321');
    type(screen.getByLabelText('新密码'), 'Brand#New2026');
    type(screen.getByLabelText('确认密码'), 'Brand#New2026');
    fireEvent.click(screen.getByTestId('forget-submit'));

    await screen.findByTestId('page-login');
    expect(window.location.pathname).toBe('/login');
    expect(fakeApi.requests('PUT', '/user/no_auth/password')[0]?.body).toEqual({
      email: 'ada@example.com',
      email_code: '654321',
      password: 'Brand#New2026',
    });
    expect(screen.getByText('密码已重置，请使用新密码登录')).toBeTruthy();
    expect((screen.getByLabelText('邮箱') as HTMLInputElement).value).toBe('ada@example.com');
  });
});
