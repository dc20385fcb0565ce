import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { feedback } from '../lib/feedback';
import { i18n } from '../lib/i18n';
import { fakeApi, fakeFetch } from '../test/fake-api';
import { renderAuth } from '../test/render-auth';
import { loadPage } from './document';
import { onFirstInteraction } from './first-interaction';

vi.mock('./document', () => ({ loadPage: vi.fn(), replacePage: vi.fn() }));

const CAPTCHA = { uuid: '0b6c9b51-6f0e-4d8f-9d1e-2f4f8a7f3c11', img: 'data:image/svg+xml,<svg/>' };

beforeEach(() => {
  vi.stubGlobal('fetch', fakeFetch);
  fakeApi.ok('GET', '/image_validate_code', CAPTCHA);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(loadPage).mockClear();
  window.history.replaceState(null, '', '/');
});

describe('the sign-in pages’ navigation', () => {
  it('follows a plain link click in place, with a history entry, and the back button', async () => {
    renderAuth('/login');
    await screen.findByTestId('page-login');
    fireEvent.click(screen.getByRole('link', { name: '立即注册' }));
    await screen.findByTestId('page-register');
    expect(window.location.pathname).toBe('/register');
    expect(loadPage).not.toHaveBeenCalled();

    act(() => {
      window.history.back();
    });
    await screen.findByTestId('page-login');
    expect(window.location.pathname).toBe('/login');
  });

  it('leaves modified clicks (new tab, new window) to the browser', async () => {
    renderAuth('/login');
    await screen.findByTestId('page-login');
    const link = screen.getByRole('link', { name: '忘记密码？' });
    expect(link.getAttribute('href')).toBe('/forget');
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) {
      // Not prevented: the browser opens it as it would any link.
      expect(fireEvent.click(link, modifier)).toBe(true);
    }
    expect(screen.getByTestId('page-login')).toBeTruthy();
    expect(window.location.pathname).toBe('/login');
  });

  it('titles each page "<page title> - Cloudbay", in the page language', async () => {
    renderAuth('/forget');
    await screen.findByTestId('page-forget');
    await waitFor(() => expect(document.title).toBe('找回密码 - Cloudbay'));
    fireEvent.click(screen.getByRole('link', { name: '返回登录' }));
    await waitFor(() => expect(document.title).toBe('登录 - Cloudbay'));
  });

  it('titles with the brand alone when the dynamic title is switched off', async () => {
    window.localStorage.setItem('layout-setting', JSON.stringify({ dynamicTitle: false }));
    renderAuth('/register');
    await screen.findByTestId('page-register');
    await waitFor(() => expect(document.title).toBe('Cloudbay'));
  });

  it('titles in English', async () => {
    await i18n.changeLanguage('en-US');
    renderAuth('/register');
    await screen.findByTestId('page-register');
    await waitFor(() => expect(document.title).toBe('Sign up - Cloudbay'));
  });
});

describe('the language switch', () => {
  it('offers the two languages and saves the other one when chosen', async () => {
    renderAuth('/login');
    await screen.findByTestId('page-login');
    fireEvent.click(screen.getByTestId('language-switch'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['简体中文', 'English']);
    // jsdom cannot reload (setLanguage reloads to start over in the new language).
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('menuitem', { name: 'English' }));
    expect(window.localStorage.getItem('lang')).toBe('en');
  });

  it('closes on Escape', async () => {
    renderAuth('/login');
    await screen.findByTestId('page-login');
    fireEvent.click(screen.getByTestId('language-switch'));
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('toasts and notifications', () => {
  it('show at the top for their time: 3 s for a toast unless told otherwise, 4.5 s for a notification', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAuth('/login');
    await screen.findByTestId('page-login');
    act(() => {
      feedback.toast('success', 'saved');
      feedback.toast('error', 'broken', 5);
      feedback.notify('error', 'refused');
    });
    expect((await screen.findByText('saved')).closest('.auth-toast')?.getAttribute('role')).toBe('status');
    expect(screen.getByText('broken').closest('.auth-toast')?.getAttribute('role')).toBe('alert');
    expect(screen.getByText('refused').closest('.auth-notice')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3_100));
    expect(screen.queryByText('saved')).toBeNull();
    expect(screen.getByText('broken')).toBeTruthy();
    expect(screen.getByText('refused')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.queryByText('refused')).toBeNull();
    expect(screen.getByText('broken')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByText('broken')).toBeNull();
  });
});

describe('onFirstInteraction', () => {
  it('runs once, on the first focus, key or pointer inside a form', async () => {
    renderAuth('/login');
    await screen.findByTestId('page-login');
    const callback = vi.fn();
    const stop = onFirstInteraction(callback);
    fireEvent.pointerDown(screen.getByTestId('language-switch'));
    expect(callback).not.toHaveBeenCalled();
    fireEvent.focusIn(screen.getByLabelText('邮箱'));
    fireEvent.keyDown(screen.getByLabelText('邮箱'), { key: 'a' });
    expect(callback).toHaveBeenCalledTimes(1);
    stop();
  });
});
