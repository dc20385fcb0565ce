import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-app';
import { beginSupportTab, getToken, isSupportTab, setToken } from '../../../lib/storage';
import { SupportBanner } from './support-banner';
import { setSupportView } from './support-view-store';

vi.mock('../../../lib/request', (original) =>
  import('../../../test/fake-api').then((m) => m.withFakeApi(original)),
);

const VIEW = {
  operatorEmail: 'admin@cloudbay.local',
  operatorNickname: 'Admin',
  customerEmail: 'demo@cloudbay.local',
  expiresAt: '2026-11-26T12:00:00.000Z',
};

afterEach(() => setSupportView(null));

describe('SupportBanner', () => {
  it('shows nothing in a customer’s own session', () => {
    renderRoutes([{ path: '/', element: <SupportBanner /> }]);
    expect(screen.queryByTestId('support-banner')).toBeNull();
  });

  it('says who is viewing whose console, cannot be closed, and End signs the support tab out', async () => {
    window.localStorage.setItem('token', 'operator-token');
    beginSupportTab();
    setToken('support-token');
    fakeApi.ok('POST', '/logout', null);
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    setSupportView(VIEW);
    renderRoutes([{ path: '/', element: <SupportBanner /> }]);
    const banner = await screen.findByTestId('support-banner');
    expect(banner.textContent).toContain('Admin (admin@cloudbay.local)');
    expect(banner.textContent).toContain('demo@cloudbay.local');
    expect(banner.querySelector('.ant-alert-close-icon')).toBeNull();
    fireEvent.click(screen.getByTestId('support-banner-end'));
    await waitFor(() => expect(fakeApi.requests('POST', '/logout')).toHaveLength(1));
    await waitFor(() => expect(isSupportTab()).toBe(false));
    expect(close).toHaveBeenCalled();
    // The operator's own session in local storage is what the tab has left.
    expect(getToken()).toBe('operator-token');
    expect(screen.queryByTestId('support-banner')).toBeNull();
  });
});
