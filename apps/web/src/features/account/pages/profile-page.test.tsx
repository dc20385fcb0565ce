import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SessionItem } from '@cloudbay/contracts';
import { getCachedUser, getToken, setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { serveSession, testUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

/** The tabs' forms and table are lazy parts: a busy machine may take more than the default 1 s. */
const LAZY_PART = { timeout: 5_000 };

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

const SESSIONS: SessionItem[] = [
  {
    id: '11111111-1111-4111-8111-111111111111',
    device: 'Chrome on Windows',
    ip: '203.0.113.7',
    created_at: '2026-11-20T08:00:00.000Z',
    last_seen_at: '2026-11-22T09:30:00.000Z',
    current: true,
  },
  {
    id: '22222222-2222-4222-8222-222222222222',
    device: 'Safari on iPhone',
    ip: '198.51.100.4',
    created_at: '2026-11-18T08:00:00.000Z',
    last_seen_at: '2026-11-19T10:00:00.000Z',
    current: false,
  },
];

async function openProfile() {
  setToken('tok-1');
  serveSession({ user: testUser() });
  const view = renderApp('/user/profile');
  await screen.findByTestId('page-profile');
  await screen.findByTestId('profile-form', {}, LAZY_PART);
  return view;
}

describe('ProfilePage', () => {
  it('shows the account: name, e-mail, balance, invite code, in the signed-in frame', async () => {
    await openProfile();
    expect(screen.getByTestId('profile-name').textContent).toBe('Ada Lovelace');
    expect(screen.getByTestId('profile-balance').textContent).toBe('$12.50');
    expect(screen.getByTestId('profile-account').textContent).toContain('ADA2026');
    expect(screen.getByTestId('profile-account').textContent).toContain('主账号');
    expect(screen.getByTestId('user-menu-name').textContent).toBe('Ada Lovelace');
  });

  it('checks the nickname before saving it', async () => {
    await openProfile();
    type(screen.getByLabelText('昵称'), 'Ada');
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('昵称长度需为 4 到 30 个字符')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/profile')).toEqual([]);
  });

  it('saves the nickname and shows it everywhere', async () => {
    fakeApi.on('PUT', '/user/profile', (request) => ({
      data: {
        code: 200,
        msg: '',
        success: true,
        data: testUser({ nickname: (request.body as { nickname: string }).nickname }),
      },
    }));
    await openProfile();
    type(screen.getByLabelText('昵称'), '  Countess Ada ');
    fireEvent.click(screen.getByTestId('profile-save'));

    expect(await screen.findByText('资料已更新')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/profile')[0]?.body).toEqual({ nickname: 'Countess Ada' });
    await waitFor(() => expect(screen.getByTestId('user-menu-name').textContent).toBe('Countess Ada'));
    expect(screen.getByTestId('profile-name').textContent).toBe('Countess Ada');
    expect(getCachedUser()?.nickname).toBe('Countess Ada');
  });

  it('changes the password with a code mailed to the user', async () => {
    fakeApi.ok('GET', '/user/edit_password/validate_code', { resend_after_s: 60 });
    fakeApi.ok('PUT', '/user/password', null);
    await openProfile();
    fireEvent.click(screen.getByRole('tab', { name: '修改密码' }));
    const form = await screen.findByTestId('password-form', {}, LAZY_PART);
    expect(form.textContent).toContain('ada@example.com');

    fireEvent.click(within(form).getByTestId('send-code'));
    await waitFor(() => expect(within(form).getByTestId('send-code').textContent).toBe('60 秒'));
    expect(fakeApi.requests('GET', '/user/edit_password/validate_code')[0]?.headers.authorization).toBe(
      'Bearer tok-1',
    );

    fireEvent.click(within(form).getByTestId('password-submit'));
    expect(await within(form).findByText('请输入邮箱验证码')).toBeTruthy();

    type(within(form).getByTestId('email-code-input'), '246810');
    type(within(form).getByLabelText('新密码'), 'Brand#New2026');
    type(within(form).getByLabelText('确认密码'), 'Brand#New2026');
    fireEvent.click(within(form).getByTestId('password-submit'));
    expect(await screen.findByText('密码已修改，其他设备上的登录已注销')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/password')[0]?.body).toEqual({
      email_code: '246810',
      password: 'Brand#New2026',
    });
  });

  it('opens the tab the URL names and keeps the choice in it', async () => {
    setToken('tok-1');
    serveSession({ user: testUser() });
    const { router } = renderApp('/user/profile?tab=password');
    // The whole app loads lazily here: give a busy machine time.
    expect(await screen.findByTestId('password-form', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('tab', { name: '修改密码' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: '基本资料' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=basic'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '基本资料' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(screen.getAllByRole('tab', { name: '基本资料' })).toHaveLength(1);
  });

  it('lists the devices and logs another one out', async () => {
    fakeApi.ok('GET', '/user/sessions', SESSIONS);
    fakeApi.ok('DELETE', `/user/sessions/${SESSIONS[1]?.id}`, null);
    await openProfile();
    fireEvent.click(screen.getByRole('tab', { name: '登录设备' }));
    const table = await screen.findByTestId('sessions-table', {}, LAZY_PART);
    await within(table).findByText('Safari on iPhone');
    expect(within(table).getByText('当前设备')).toBeTruthy();

    fireEvent.click(screen.getByTestId(`revoke-${SESSIONS[1]?.id}`));
    fireEvent.click(await screen.findByRole('button', { name: '确 定' }));
    expect(await screen.findByText('该设备已下线')).toBeTruthy();
    expect(fakeApi.requests('DELETE')).toHaveLength(1);
    await waitFor(() => expect(fakeApi.requests('GET', '/user/sessions')).toHaveLength(2));
    expect(getToken()).toBe('tok-1');
  });

  it('logs out when the current device is revoked', async () => {
    fakeApi.ok('GET', '/user/sessions', SESSIONS);
    fakeApi.ok('DELETE', `/user/sessions/${SESSIONS[0]?.id}`, null);
    const { documentLoads } = await openProfile();
    fireEvent.click(screen.getByRole('tab', { name: '登录设备' }));
    await screen.findByText('Chrome on Windows');
    fireEvent.click(screen.getByTestId(`revoke-${SESSIONS[0]?.id}`));
    fireEvent.click(await screen.findByRole('button', { name: '确 定' }));

    // The sign-in page is the other entry: a page load of the same address as before.
    await waitFor(() => expect(documentLoads).toEqual([{ url: '/login?redirect=/index', replace: false }]));
    expect(getToken()).toBeNull();
    expect(fakeApi.requests('GET', '/user/sessions')).toHaveLength(1);
  });
});

describe('ProfilePage of a sub-account', () => {
  const sonUser = () =>
    testUser({
      userId: 31,
      userName: 'desk-one',
      nickname: 'desk-one',
      is_son: true,
      parent_id: 7,
      main_account: { userId: 7, email: 'ada@example.com', nickname: 'Ada Lovelace' },
      remark: 'Front desk, morning shift',
      balance: '0.00',
      invite_code: 'SON31',
    });

  async function openSonProfile() {
    setToken('tok-son');
    localStorage.setItem('isSon', 'true');
    serveSession({ user: sonUser(), roles: ['ROLE_SON'] });
    const view = renderApp('/user/profile');
    await screen.findByTestId('page-profile');
    // A sub-account opens on its password tab: it has no nickname or picture of its own to edit.
    await screen.findByTestId('son-password-form', {}, LAZY_PART);
    return view;
  }

  it('shows its name, its main account and the remark; nothing of a main account', async () => {
    await openSonProfile();
    const card = screen.getByTestId('profile-account');
    expect(screen.getByTestId('profile-name').textContent).toBe('desk-one');
    expect(screen.getByTestId('profile-main-account').textContent).toBe('Ada Lovelace · ada@example.com');
    expect(screen.getByTestId('profile-remark').textContent).toBe('Front desk, morning shift');
    expect(card.textContent).toContain('子账号');
    expect(card.textContent).not.toContain('SON31');
    expect(screen.queryByTestId('profile-balance')).toBeNull();
    expect(screen.queryByTestId('avatar-upload')).toBeNull();
    expect(screen.queryByRole('tab', { name: '基本资料' })).toBeNull();
    expect(screen.getByRole('tab', { name: '修改密码' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('send-code')).toBeNull();
  });

  it('changes its password with the current one, under the password rule', async () => {
    fakeApi.fail('PUT', '/user/son_account/own_password', 400, '当前密码错误', {
      error_code: 'SUB_ACCOUNT_OLD_PASSWORD_WRONG',
    });
    await openSonProfile();
    const form = screen.getByTestId('son-password-form');
    fireEvent.click(within(form).getByTestId('son-password-submit'));
    expect(await within(form).findByText('请输入当前密码')).toBeTruthy();

    type(within(form).getByLabelText('当前密码'), 'Old#Pass2025');
    type(within(form).getByLabelText('新密码'), 'weakpass');
    type(within(form).getByLabelText('确认密码'), 'weakpass');
    fireEvent.click(within(form).getByTestId('son-password-submit'));
    expect(
      await within(form).findByText('密码需包含大写字母、小写字母、数字和特殊字符中的至少三种'),
    ).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/son_account/own_password')).toEqual([]);

    type(within(form).getByLabelText('新密码'), 'Brand#New2026');
    type(within(form).getByLabelText('确认密码'), 'Brand#New2026');
    fireEvent.click(within(form).getByTestId('son-password-submit'));
    // A wrong current password: said under the field, the values kept.
    await waitFor(() => expect(within(form).getAllByText('当前密码错误').length).toBeGreaterThan(0));
    expect((within(form).getByLabelText('新密码') as HTMLInputElement).value).toBe('Brand#New2026');

    fakeApi.ok('PUT', '/user/son_account/own_password', null);
    // The duplicate-submission guard would take a second submission within 2 s for a double click.
    window.sessionStorage.clear();
    type(within(form).getByLabelText('当前密码'), 'Right#Pass2025');
    fireEvent.click(within(form).getByTestId('son-password-submit'));
    expect(await screen.findByText('密码已修改，其他设备上的登录已注销')).toBeTruthy();
    expect(fakeApi.requests('PUT', '/user/son_account/own_password').at(-1)?.body).toEqual({
      old_password: 'Right#Pass2025',
      password: 'Brand#New2026',
    });
    expect(fakeApi.requests('PUT', '/user/password')).toEqual([]);
  });
});

describe('the signed-in frame', () => {
  it('logs out through the user menu: POST /logout, session cleared, then /index asks for a login', async () => {
    fakeApi.ok('POST', '/logout', null);
    const { documentLoads } = await openProfile();
    fireEvent.click(screen.getByTestId('user-menu'));
    expect((await screen.findByTestId('user-menu-balance')).textContent).toContain('$12.50');
    fireEvent.click(await screen.findByTestId('user-menu-logout'));
    fireEvent.click(await screen.findByTestId('logout-confirm'));

    await waitFor(() => expect(documentLoads).toEqual([{ url: '/login?redirect=/index', replace: false }]));
    expect(fakeApi.requests('POST', '/logout')[0]?.headers.authorization).toBe('Bearer tok-1');
    expect(getToken()).toBeNull();
    expect(getCachedUser()).toBeNull();
  });

  it('opens the profile from the user menu', async () => {
    setToken('tok-1');
    serveSession();
    const { router } = renderApp('/index');
    await screen.findByTestId('page-home');
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByText('个人中心'));
    await screen.findByTestId('page-profile');
    expect(router.state.location.pathname).toBe('/user/profile');
  });
});
