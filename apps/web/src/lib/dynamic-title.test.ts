import { describe, expect, it } from 'vitest';
import { storedDynamicTitle } from './dynamic-title';
import { loadLayoutSettings } from './layout-settings';

describe('storedDynamicTitle', () => {
  it.each([
    ['nothing stored', null],
    ['switched off', JSON.stringify({ dynamicTitle: false })],
    ['switched on', JSON.stringify({ dynamicTitle: true, sideTheme: 'light' })],
    ['a wrong type', JSON.stringify({ dynamicTitle: 'no' })],
    ['unreadable JSON', '{'],
    ['not an object', '5'],
    ['null', 'null'],
  ])('reads %s as the settings store does', (_, stored) => {
    if (stored === null) window.localStorage.removeItem('layout-setting');
    else window.localStorage.setItem('layout-setting', stored);
    expect(storedDynamicTitle()).toBe(loadLayoutSettings().dynamicTitle);
  });

  it('is off only when switched off', () => {
    window.localStorage.setItem('layout-setting', JSON.stringify({ dynamicTitle: false }));
    expect(storedDynamicTitle()).toBe(false);
  });
});
