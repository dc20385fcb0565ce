import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-app';
import { UnauthorizedPage } from './unauthorized-page';

const routes = [
  { path: '/index', element: <p>home</p> },
  { path: '/cloud/buy', element: <p>buy</p> },
  { path: '/401', Component: UnauthorizedPage },
];

describe('UnauthorizedPage', () => {
  it('explains itself in Chinese', async () => {
    renderRoutes(routes, '/401');
    const page = await screen.findByTestId('page-unauthorized');
    expect(page.textContent).toContain('401');
    expect(page.textContent).toContain('抱歉，您尚未登录、登录已过期，或当前账号无权访问该页面。');
  });

  it('explains itself in English', async () => {
    await i18n.changeLanguage('en-US');
    renderRoutes(routes, '/401');
    const page = await screen.findByTestId('page-unauthorized');
    expect(page.textContent).toContain('Sorry, you are not logged in, your session has expired');
    expect(page.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
  });

  it('goes back to the previous page', async () => {
    const { router } = renderRoutes(routes, '/cloud/buy');
    await act(() => router.navigate('/401'));
    fireEvent.click(await screen.findByRole('button', { name: '返回上一页' }));
    await screen.findByText('buy');
    expect(router.state.location.pathname).toBe('/cloud/buy');
  });

  it('goes home instead when it was the first page of the tab', async () => {
    const { router } = renderRoutes(routes, '/401');
    fireEvent.click(await screen.findByRole('button', { name: '返回上一页' }));
    await screen.findByText('home');
    expect(router.state.location.pathname).toBe('/index');
  });

  it('goes home on request', async () => {
    const { router } = renderRoutes(routes, '/401');
    fireEvent.click(await screen.findByRole('button', { name: '返回首页' }));
    await screen.findByText('home');
    expect(router.state.location.pathname).toBe('/index');
  });
});
