import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SysNotice } from '@cloudbay/contracts';
import { setToken } from '../../../lib/storage';
import { fakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-app';
import { SysNoticeDialog } from './sys-notice-dialog';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const NOTICES: SysNotice[] = [
  {
    id: 4,
    title: '欢迎使用 Cloudbay',
    content: '<p>首充赠送 <strong>10%</strong></p>',
    created_at: '2026-11-20T08:00:00.000Z',
  },
  { id: 9, title: '维护通知', content: '<p>周六凌晨维护</p>', created_at: '2026-11-21T08:00:00.000Z' },
];

function renderDialog() {
  setToken('tok');
  return renderRoutes([{ path: '/', element: <SysNoticeDialog /> }]);
}

describe('SysNoticeDialog', () => {
  it('shows the unread announcements one at a time, rendering their HTML', async () => {
    fakeApi.ok('GET', '/user/sys_notice', NOTICES);
    renderDialog();
    const dialog = await screen.findByTestId('sys-notice-dialog');
    expect(dialog.textContent).toContain('欢迎使用 Cloudbay');
    expect(dialog.querySelector('strong')?.textContent).toBe('10%');
    expect(screen.getByTestId('sys-notice-progress').textContent).toBe('第 1 / 2 条');

    fireEvent.click(screen.getByRole('button', { name: '下一条' }));
    expect(screen.getByTestId('sys-notice-dialog').textContent).toContain('周六凌晨维护');
    expect((screen.getByRole('button', { name: '下一条' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '上一条' }));
    expect(screen.getByTestId('sys-notice-dialog').textContent).toContain('欢迎使用 Cloudbay');
  });

  it('records them all as read and closes', async () => {
    fakeApi.ok('GET', '/user/sys_notice', NOTICES);
    fakeApi.ok('POST', '/user/sys_notice/read', { read: 2 });
    renderDialog();
    fireEvent.click(await screen.findByTestId('sys-notice-read'));
    await waitFor(() => expect(fakeApi.requests('POST', '/user/sys_notice/read')).toHaveLength(1));
    expect(fakeApi.requests('POST', '/user/sys_notice/read')[0]?.body).toEqual({ ids: [4, 9] });
    // The dialog closes: jsdom runs no CSS animations, so it stays in its leave animation.
    const modal = screen.getByTestId('sys-notice-dialog').closest('.ant-modal');
    await waitFor(() => expect(modal?.className).toContain('ant-zoom-leave'));
    // Not asked again: the server now has them as read.
    expect(fakeApi.requests('GET', '/user/sys_notice')).toHaveLength(1);
  });

  it('stays open when recording fails, so the user can try again', async () => {
    fakeApi.ok('GET', '/user/sys_notice', NOTICES.slice(0, 1));
    fakeApi.fail('POST', '/user/sys_notice/read', 500, 'boom');
    renderDialog();
    fireEvent.click(await screen.findByTestId('sys-notice-read'));
    await waitFor(() => expect(fakeApi.requests('POST', '/user/sys_notice/read')).toHaveLength(1));
    expect(screen.getByTestId('sys-notice-dialog').textContent).toContain('欢迎使用 Cloudbay');
    expect(screen.getByTestId('sys-notice-dialog').closest('.ant-modal')?.className).not.toContain('leave');
    // A single announcement has no paging.
    expect(screen.queryByTestId('sys-notice-progress')).toBeNull();
  });

  it('shows nothing when everything was read', async () => {
    fakeApi.ok('GET', '/user/sys_notice', []);
    renderDialog();
    await waitFor(() => expect(fakeApi.requests('GET', '/user/sys_notice')).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('sys-notice-dialog')).toBeNull();
  });

  it('asks nothing without a session', async () => {
    renderRoutes([{ path: '/', element: <SysNoticeDialog /> }]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(fakeApi.requests()).toEqual([]);
  });
});
