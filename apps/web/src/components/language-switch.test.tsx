import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderRoutes } from '../test/render-app';
import { LanguageSwitch } from './language-switch';

describe('LanguageSwitch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('saves the chosen language and reloads', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderRoutes([{ path: '/', Component: LanguageSwitch }]);
    fireEvent.click(await screen.findByTestId('language-switch'));
    fireEvent.click(await screen.findByText('English'));
    expect(window.localStorage.getItem('lang')).toBe('en');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('does nothing when the current language is chosen again', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderRoutes([{ path: '/', Component: LanguageSwitch }]);
    fireEvent.click(await screen.findByTestId('language-switch'));
    const menuItem = (await screen.findAllByText('简体中文')).at(-1) as HTMLElement;
    fireEvent.click(menuItem);
    expect(window.localStorage.getItem('lang')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });
});
