import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { i18n } from '../lib/i18n';
import { renderRoutes } from '../test/render-app';
import { createAppRoutes, routeTable } from './router';

describe('route table', () => {
  it('redirects / to /index, the home page', async () => {
    const { router } = renderRoutes(createAppRoutes(), '/');
    await screen.findByTestId('page-home');
    expect(router.state.location.pathname).toBe('/index');
    await waitFor(() => expect(document.title).toBe('首页 - Cloudbay'));
  });

  it('serves /401 as the unauthorized page', async () => {
    renderRoutes(createAppRoutes(), '/401');
    await screen.findByTestId('page-unauthorized');
    await waitFor(() => expect(document.title).toBe('未授权 - Cloudbay'));
  });

  it('serves every unknown path as the 404 page', async () => {
    renderRoutes(createAppRoutes(), '/no/such/page?x=1');
    await screen.findByTestId('page-not-found');
    await waitFor(() => expect(document.title).toBe('页面不存在 - Cloudbay'));
  });

  it('titles pages in English when the language is en-US', async () => {
    await i18n.changeLanguage('en-US');
    renderRoutes(createAppRoutes(), '/index');
    await screen.findByTestId('page-home');
    await waitFor(() => expect(document.title).toBe('Home - Cloudbay'));
  });

  it('shows the error page when a page fails to load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = {
      path: '/broken',
      meta: { title: 'route.home' as const },
      page: () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
    };
    renderRoutes(createAppRoutes([...routeTable, broken]), '/broken');
    const page = await screen.findByTestId('page-error');
    expect(page.textContent).toContain('页面加载失败');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
