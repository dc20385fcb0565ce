import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-app';
import { NotFoundPage } from './not-found-page';

const routes = [
  { path: '/index', element: <p>home</p> },
  { path: '*', Component: NotFoundPage },
];

describe('NotFoundPage', () => {
  it('speaks Chinese by default', async () => {
    renderRoutes(routes, '/missing');
    const page = await screen.findByTestId('page-not-found');
    expect(page.textContent).toContain('404');
    expect(page.textContent).toContain('抱歉，您访问的页面不存在或已被移除，请检查网址是否正确。');
    expect(screen.getByRole('button', { name: '返回首页' })).toBeTruthy();
  });

  it('speaks English when the language is en-US', async () => {
    await i18n.changeLanguage('en-US');
    renderRoutes(routes, '/missing');
    const page = await screen.findByTestId('page-not-found');
    expect(page.textContent).toContain('404');
    expect(page.textContent).toContain('Sorry, the page you are looking for does not exist');
    expect(page.textContent).not.toMatch(/[\u4e00-\u9fff]/);
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
  });

  it('goes back to /index', async () => {
    const { router } = renderRoutes(routes, '/missing');
    fireEvent.click(await screen.findByRole('button', { name: '返回首页' }));
    await screen.findByText('home');
    expect(router.state.location.pathname).toBe('/index');
  });
});
