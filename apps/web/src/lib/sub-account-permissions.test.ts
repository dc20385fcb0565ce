import { describe, expect, it } from 'vitest';
import { DESKTOP_ACTIONS, PHONE_ACTIONS } from '@cloudbay/contracts/core';
import { desktopActionAllowed, permissionsFor, phoneActionAllowed } from './sub-account-permissions';

describe('binding permissions', () => {
  it('a desktop binding cannot hold reset/replace, a phone binding cannot hold reinstall', () => {
    expect(permissionsFor('desktop')).toEqual([
      'connect',
      'start_stop',
      'restart',
      'reinstall',
      'command',
      'renew',
    ]);
    expect(permissionsFor('phone')).toEqual([
      'connect',
      'start_stop',
      'restart',
      'reset_replace',
      'command',
      'renew',
    ]);
  });

  it('a main account (no binding) is offered every action its resources allow', () => {
    expect(DESKTOP_ACTIONS.every((action) => desktopActionAllowed(action, undefined))).toBe(true);
    expect(PHONE_ACTIONS.every((action) => phoneActionAllowed(action, undefined))).toBe(true);
  });

  it('connect and start/stop only: connect, start, stop — no restart, reset, renew or spec change', () => {
    const granted = ['connect', 'start_stop'] as const;
    expect(DESKTOP_ACTIONS.filter((action) => desktopActionAllowed(action, granted))).toEqual([
      'start',
      'stop',
      'disconnect',
      'connect',
    ]);
    const phone = [...PHONE_ACTIONS, 'connect', 'replace'] as const;
    expect(phone.filter((action) => phoneActionAllowed(action, granted))).toEqual([
      'start',
      'stop',
      'connect',
    ]);
  });

  it('every permission opens its actions and nothing of the main account’s alone', () => {
    const all = [
      'connect',
      'start_stop',
      'restart',
      'reset_replace',
      'reinstall',
      'command',
      'renew',
    ] as const;
    expect(DESKTOP_ACTIONS.filter((action) => !desktopActionAllowed(action, all))).toEqual([
      'modify_spec',
      'migrate',
      'auto_renew',
      'rename',
      'set_policy',
    ]);
    const phone = [...PHONE_ACTIONS, 'connect', 'replace'] as const;
    expect(phone.filter((action) => !phoneActionAllowed(action, all))).toEqual([
      'rename',
      'auto_renew',
      'upgrade',
      'enable_adb',
      'close_adb',
      'import_contacts',
    ]);
  });
});
