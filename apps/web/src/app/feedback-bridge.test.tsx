import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { feedback } from '../lib/feedback';
import { Outlet } from 'react-router';
import { renderRoutes } from '../test/render-app';
import { FeedbackBridge } from './feedback-bridge';

const routes = [
  {
    element: (
      <>
        <FeedbackBridge />
        <Outlet />
      </>
    ),
    children: [
      { path: '/index', element: <p data-testid="page-home">home</p> },
      { path: '/401', element: <p data-testid="page-unauthorized">401</p> },
      { path: '/login', element: <p data-testid="page-login">login</p> },
    ],
  },
];

async function renderApp() {
  const view = renderRoutes(routes, '/index');
  await screen.findByTestId('page-home');
  return view;
}

describe('FeedbackBridge', () => {
  it('shows toasts and notifications with antd', async () => {
    await renderApp();
    act(() => {
      feedback.toast('error', '后端接口连接异常', 5);
      feedback.notify('error', '当前账户余额不足');
    });
    expect(await screen.findByText('后端接口连接异常')).toBeTruthy();
    expect(await screen.findByText('当前账户余额不足')).toBeTruthy();
  });

  it('resolves a confirm box with the button pressed', async () => {
    await renderApp();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = feedback.confirm({
        title: '系统提示',
        content: '登录状态已过期',
        okText: '重新登录',
        cancelText: '取消',
      });
    });
    fireEvent.click(await screen.findByRole('button', { name: '重新登录' }));
    await expect(answer).resolves.toBe(true);

    act(() => {
      answer = feedback.confirm({
        title: '系统提示',
        content: '第二次',
        okText: '重新登录',
        cancelText: '取消',
      });
    });
    await screen.findByText('第二次');
    const cancelButtons = screen.getAllByRole('button', { name: '取 消' });
    fireEvent.click(cancelButtons.at(-1) as HTMLElement);
    await expect(answer).resolves.toBe(false);
  });

  it('navigates inside the app', async () => {
    const { router } = await renderApp();
    act(() => feedback.navigate('/401'));
    await screen.findByTestId('page-unauthorized');
    expect(router.state.location.pathname).toBe('/401');
  });

  it('sends the user to log in again, back to the page on screen afterwards', async () => {
    const { router } = await renderApp();
    await act(() => router.navigate('/401?tab=a#b'));
    act(() => feedback.relogin());
    await screen.findByTestId('page-login');
    const { pathname, search } = router.state.location;
    expect(pathname + search).toBe('/login?redirect=/401%3Ftab%3Da%23b');
  });

  it('covers the page while a download runs', async () => {
    await renderApp();
    let close: () => void = () => undefined;
    act(() => {
      close = feedback.showLoading('正在下载数据，请稍候');
    });
    expect(await screen.findByText('正在下载数据，请稍候')).toBeTruthy();
    act(() => close());
    await waitFor(() => expect(screen.queryByText('正在下载数据，请稍候')).toBeNull());
  });
});
