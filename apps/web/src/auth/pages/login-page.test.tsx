import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  getCachedUser,
  getIsSon,
  getLoginToken,
  getToken,
  setIsSon,
  setLoginToken,
  setToken,
} from '../../lib/storage';
import { fakeApi, fakeFetch } from '../../test/fake-api';
import { serveSession, testUser } from '../../test/fixtures';
import { renderAuth } from '../../test/render-auth';
import { loadPage, replacePage } from '../document';
import { leaveLoginWhenSignedIn, navigate } from '../navigation';

vi.mock('../document', () => ({ loadPage: vi.fn(), replacePage: vi.fn() }));

let captchas = 0;
function serveCaptcha() {
  fakeApi.on('GET', '/image_validate_code', () => {
    captchas += 1;
    return {
      data: {
        code: 200,
        msg: '',
        success: true,
        data: {
          uuid: `00000000-0000-4000-8000-00000000000${captchas}`,
          img: `data:image/svg+xml,${captchas}`,
        },
      },
    };
  });
}

// Typing fires `input` events; Preact (what ships) listens to them for onChange, as React does.
const type = (element: HTMLElement, value: string) => fireEvent.input(element, { target: { value } });

async function openLogin(path = '/login') {
  captchas = 0;
  serveCaptcha();
  const view = renderAuth(path);
  await screen.findByTestId('page-login');
  await waitFor(() => expect(screen.getByRole('img', { name: '图形验证码' })).toBeTruthy());
  return view;
}

function fillLogin(email = 'ada@example.com', password = 'Secret#2026', code = 'ab12') {
  type(screen.getByLabelText('邮箱'), email);
  type(screen.getByLabelText('密码'), password);
  type(screen.getByTestId('captcha-input'), code);
}

beforeEach(() => {
  vi.stubGlobal('fetch', fakeFetch);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(loadPage).mockClear();
  vi.mocked(replacePage).mockClear();
  window.history.replaceState(null, '', '/');
});

describe('LoginPage', () => {
  it('asks for every field before calling the server', async () => {
    await openLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入邮箱')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(screen.getByText('请输入图形验证码')).toBeTruthy();
    expect(fakeApi.requests('POST', '/user/login')).toEqual([]);
  });

  it('refuses an e-mail address that is not one', async () => {
    await openLogin();
    fillLogin('ada.example.com');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入有效的邮箱地址')).toBeTruthy();
    expect(fakeApi.requests('POST', '/user/login')).toEqual([]);
  });

  it('logs in, caches the user and loads the redirect target, busy until it does', async () => {
    const user = testUser({ nickname: 'Ada L' });
    serveSession({ user });
    fakeApi.ok('POST', '/user/login', { access_token: 'tok-1' });
    await openLogin('/login?redirect=/user/profile');
    fillLogin(' Ada@Example.com ');
    fireEvent.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/user/profile'));
    expect(fakeApi.requests('POST', '/user/login')[0]?.body).toEqual({
      email: 'Ada@Example.com',
      password: 'Secret#2026',
      uuid: '00000000-0000-4000-8000-000000000001',
      code: 'ab12',
    });
    expect(getToken()).toBe('tok-1');
    expect(getCachedUser()).toEqual(user);
    expect(fakeApi.requests('GET', '/user')[0]?.headers.authorization).toBe('Bearer tok-1');
    // The console's page replaces this one: until then the button stays busy.
    expect(screen.getByTestId('login-submit').getAttribute('aria-busy')).toBe('true');
  });

  it('signs a sub-account in from its tab: main e-mail, nickname, password, code; isSon is kept', async () => {
    serveSession({
      user: testUser({
        is_son: true,
        nickname: 'alice-desk',
        main_account: { userId: 1, email: 'boss@example.com', nickname: 'Boss' },
      }),
    });
    fakeApi.ok('POST', '/user/login', { access_token: 'son-tok' });
    // A main account's hand-off left behind must not survive a login of its own.
    setLoginToken('stale-main');
    await openLogin();
    fireEvent.click(screen.getByTestId('login-tab-sub'));
    expect(screen.getByTestId('login-tab-sub').getAttribute('aria-selected')).toBe('true');
    type(screen.getByLabelText('主账号邮箱'), 'boss@example.com');
    type(screen.getByLabelText('密码'), 'Secret#2026');
    type(screen.getByTestId('captcha-input'), 'ab12');
    fireEvent.click(screen.getByTestId('login-submit'));
    // The sub-account's name is required (spec §5: at least 4 characters).
    expect(await screen.findByText('请输入子账号名称')).toBeTruthy();
    type(screen.getByLabelText('子账号'), 'ali');
    expect(await screen.findByText('子账号名称需为 4 到 30 个字符')).toBeTruthy();
    expect(fakeApi.requests('POST', '/user/login')).toEqual([]);
    type(screen.getByLabelText('子账号'), ' alice-desk ');
    fireEvent.click(screen.getByTestId('login-submit'));

    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(fakeApi.requests('POST', '/user/login')[0]?.body).toEqual({
      email: 'boss@example.com',
      son_account: 'alice-desk',
      password: 'Secret#2026',
      uuid: '00000000-0000-4000-8000-000000000001',
      code: 'ab12',
    });
    expect(getToken()).toBe('son-tok');
    expect(getIsSon()).toBe(true);
    expect(getLoginToken()).toBeNull();
  });

  it('a main account signs in without son_account and is not flagged isSon', async () => {
    serveSession();
    fakeApi.ok('POST', '/user/login', { access_token: 'tok-1' });
    setIsSon(true);
    await openLogin('/login?kind=sub');
    // `?kind=sub` opened the sub-account tab; the main tab goes back to the e-mail alone.
    expect(screen.getByTestId('login-form').getAttribute('data-kind')).toBe('sub');
    fireEvent.click(screen.getByTestId('login-tab-main'));
    expect(screen.queryByLabelText('子账号')).toBeNull();
    fillLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(fakeApi.requests('POST', '/user/login')[0]?.body).not.toHaveProperty('son_account');
    expect(getIsSon()).toBe(false);
  });

  it('goes to / (the home) without a redirect, and never off-site', async () => {
    serveSession();
    fakeApi.ok('POST', '/user/login', { access_token: 'tok-1' });
    await openLogin('/login?redirect=//evil.example/');
    fillLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(loadPage).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed after a refusal and shows a new captcha', async () => {
    fakeApi.fail('POST', '/user/login', 401, '邮箱或密码错误');
    await openLogin();
    fillLogin();
    fireEvent.click(screen.getByTestId('login-submit'));

    expect(await screen.findByText('邮箱或密码错误')).toBeTruthy();
    await waitFor(() => expect(fakeApi.requests('GET', '/image_validate_code')).toHaveLength(2));
    expect((screen.getByLabelText('邮箱') as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText('密码') as HTMLInputElement).value).toBe('Secret#2026');
    expect((screen.getByTestId('captcha-input') as HTMLInputElement).value).toBe('');
    expect(getToken()).toBeNull();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it(
    'asks for an e-mailed code when the server wants step-up sign-in, and logs in with it',
    { timeout: 20_000 },
    async () => {
      fakeApi.fail(
        'POST',
        '/user/login',
        401,
        '该邮箱近期登录失败次数异常，请输入发送到该邮箱的验证码和密码一起登录',
        {
          error_code: 'LOGIN_STEP_UP_REQUIRED',
        },
      );
      await openLogin();
      expect(screen.queryByTestId('email-code-input')).toBeNull();
      fillLogin();
      fireEvent.click(screen.getByTestId('login-submit'));
      await screen.findByTestId('email-code-input');
      // The server's message, told as a notification (whose code loads with the first message).
      expect(
        await screen.findByText('该邮箱近期登录失败次数异常，请输入发送到该邮箱的验证码和密码一起登录'),
      ).toBeTruthy();

      // The code is sent with the image code, which is then replaced.
      fakeApi.ok('GET', '/user/login/validate_code', { resend_after_s: 60 });
      await waitFor(() =>
        expect(screen.getByRole('img', { name: '图形验证码' }).getAttribute('src')).toBe(
          'data:image/svg+xml,2',
        ),
      );
      type(screen.getByTestId('captcha-input'), 'cd34');
      await act(async () => fireEvent.click(screen.getByTestId('send-code')));
      await waitFor(() => expect(fakeApi.requests('GET', '/user/login/validate_code')).toHaveLength(1));
      expect(fakeApi.requests('GET', '/user/login/validate_code')[0]?.query).toEqual({
        email: 'ada@example.com',
        uuid: '00000000-0000-4000-8000-000000000002',
        code: 'cd34',
      });
      const image = () => screen.getByRole('img', { name: '图形验证码' }).getAttribute('src');
      await waitFor(() => expect(image()).toBe('data:image/svg+xml,3'));

      serveSession();
      fakeApi.ok('POST', '/user/login', { access_token: 'tok-2' });
      // The user reads the mail first: past the request client's 2 s same-URL guard.
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 5000);
      type(screen.getByTestId('email-code-input'), '123456');
      type(screen.getByTestId('captcha-input'), 'ef56');
      fireEvent.click(screen.getByTestId('login-submit'));
      await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
      expect(fakeApi.requests('POST', '/user/login')[1]?.body).toEqual({
        email: 'ada@example.com',
        password: 'Secret#2026',
        email_code: '123456',
        uuid: '00000000-0000-4000-8000-000000000003',
        code: 'ef56',
      });
    },
  );

  it('keeps the code field after a failed step-up sign-in', async () => {
    fakeApi.fail('POST', '/user/login', 401, 'Wrong e-mail, password or e-mail code', {
      error_code: 'LOGIN_STEP_UP_FAILED',
    });
    await openLogin();
    fillLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('email-code-input')).toBeTruthy();
  });

  it('shows the server field errors under their inputs', async () => {
    fakeApi.fail('POST', '/user/login', 400, '请求参数有误', {
      fields: [{ field: 'body.uuid', message: '图形验证码错误或已过期，请重新输入' }],
    });
    await openLogin();
    fillLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('图形验证码错误或已过期，请重新输入')).toBeTruthy();
    // Under the image code's input, where the answer is typed.
    expect(screen.getByText('图形验证码错误或已过期，请重新输入').closest('.auth-field')).toBe(
      screen.getByTestId('captcha-input').closest('.auth-field'),
    );
  });

  it('ends a half-made session when the user cannot be fetched', async () => {
    fakeApi.ok('POST', '/user/login', { access_token: 'tok-1' });
    fakeApi.fail('GET', '/user', 500, '系统未知错误');
    await openLogin();
    fillLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(fakeApi.requests('GET', '/user')).toHaveLength(1));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(screen.getByTestId('page-login')).toBeTruthy();
    expect(loadPage).not.toHaveBeenCalled();
  });

  it('keeps an answer typed while the first image loads, and clears it when the image is replaced', async () => {
    captchas = 0;
    let showFirst!: () => void;
    const firstShown = new Promise<void>((resolve) => (showFirst = resolve));
    fakeApi.on('GET', '/image_validate_code', async () => {
      if (captchas === 0) await firstShown;
      captchas += 1;
      const uuid = `00000000-0000-4000-8000-00000000000${captchas}`;
      return {
        data: { code: 200, msg: '', success: true, data: { uuid, img: `data:image/svg+xml,${captchas}` } },
      };
    });
    renderAuth('/login');
    const input = (await screen.findByTestId('captcha-input')) as HTMLInputElement;
    type(input, 'k7pq');
    await act(async () => showFirst());
    await waitFor(() => expect(screen.getByRole('img', { name: '图形验证码' })).toBeTruthy());
    expect(input.value).toBe('k7pq');
    await act(async () => fireEvent.click(screen.getByTestId('captcha-refresh')));
    await waitFor(() => expect(fakeApi.requests('GET', '/image_validate_code')).toHaveLength(2));
    await waitFor(() => expect(input.value).toBe(''));
  });

  it('waits for an image code still loading when Log in is clicked, then logs in with it', async () => {
    serveSession();
    fakeApi.ok('POST', '/user/login', { access_token: 'tok-1' });
    captchas = 0;
    let showFirst!: () => void;
    const firstShown = new Promise<void>((resolve) => (showFirst = resolve));
    fakeApi.on('GET', '/image_validate_code', async () => {
      await firstShown;
      captchas += 1;
      const uuid = `00000000-0000-4000-8000-00000000000${captchas}`;
      return {
        data: { code: 200, msg: '', success: true, data: { uuid, img: `data:image/svg+xml,${captchas}` } },
      };
    });
    renderAuth('/login');
    await screen.findByTestId('captcha-input');
    fillLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    // Busy, and nothing sent without the image's uuid (a slow server: CI once clicked here).
    await waitFor(() => expect(screen.getByTestId('login-submit').getAttribute('aria-busy')).toBe('true'));
    expect(fakeApi.requests('POST', '/user/login')).toEqual([]);
    await act(async () => showFirst());
    await waitFor(() => expect(loadPage).toHaveBeenCalledWith('/'));
    expect(fakeApi.requests('POST', '/user/login')[0]?.body).toMatchObject({
      uuid: '00000000-0000-4000-8000-000000000001',
      code: 'ab12',
    });
  });

  it('says so under the code field when the image code could not load, and sends nothing', async () => {
    fakeApi.fail('GET', '/image_validate_code', 500, '系统未知错误');
    renderAuth('/login');
    await screen.findByTestId('captcha-input');
    await waitFor(() => expect(fakeApi.requests('GET', '/image_validate_code')).toHaveLength(1));
    fillLogin();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('图形验证码未能加载，请点击重试')).toBeTruthy();
    expect(fakeApi.requests('POST', '/user/login')).toEqual([]);
    // No endless spinner: the box offers another try.
    expect(screen.getByTestId('captcha-failed')).toBeTruthy();
    expect(screen.queryByRole('status', { name: '验证码加载中' })).toBeNull();
    expect(screen.getByTestId('login-submit').getAttribute('aria-busy')).not.toBe('true');
  });

  it('gets a new captcha when the image is clicked', async () => {
    await openLogin();
    await act(async () => fireEvent.click(screen.getByTestId('captcha-refresh')));
    await waitFor(() => expect(fakeApi.requests('GET', '/image_validate_code')).toHaveLength(2));
  });

  it('replaces the captcha 10 s before it expires', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openLogin();
    await act(() => vi.advanceTimersByTimeAsync(109_000));
    expect(fakeApi.requests('GET', '/image_validate_code')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(fakeApi.requests('GET', '/image_validate_code')).toHaveLength(2));
  });

  it('shows the notice and the e-mail handed over by the register page', async () => {
    serveCaptcha();
    renderAuth('/forget');
    await screen.findByTestId('page-forget');
    act(() => navigate('/login', { email: 'new@example.com', notice: 'registered' }));
    await screen.findByTestId('page-login');
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByText('注册成功，请使用新账号登录')).toBeTruthy();
    expect((screen.getByLabelText('邮箱') as HTMLInputElement).value).toBe('new@example.com');
  });

  it('shows and hides the typed password', async () => {
    await openLogin();
    const password = screen.getByLabelText('密码') as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(password.type).toBe('password');
  });

  it('shows what the console told before it sent the visitor here (a login that expired)', async () => {
    window.sessionStorage.setItem(
      'feedback-pending',
      JSON.stringify([{ kind: 'toast', args: ['error', '登录过期，请重新登录', 5] }]),
    );
    vi.resetModules();
    const { renderAuth: renderFresh } = await import('../../test/render-auth');
    serveCaptcha();
    renderFresh('/login?redirect=/index');
    expect((await screen.findByRole('alert')).textContent).toContain('登录过期，请重新登录');
  });
});

describe('the access rule of the sign-in pages', () => {
  it('sends a signed-in visitor opening /login to / before anything renders', () => {
    setToken('tok-1');
    window.history.replaceState(null, '', '/login/?redirect=/index');
    expect(leaveLoginWhenSignedIn()).toBe(true);
    expect(replacePage).toHaveBeenCalledWith('/');
  });

  it.each(['/register', '/forget'])('keeps %s open to a signed-in visitor', (path) => {
    setToken('tok-1');
    window.history.replaceState(null, '', path);
    expect(leaveLoginWhenSignedIn()).toBe(false);
    expect(replacePage).not.toHaveBeenCalled();
  });

  it('lets a visitor without a token log in', () => {
    window.history.replaceState(null, '', '/login');
    expect(leaveLoginWhenSignedIn()).toBe(false);
  });
});
