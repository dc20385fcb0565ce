import { describe, expect, it } from 'vitest';
import { isChanging } from '../api/desktops-list';
import { isOffered, powerAction } from './desktop-actions';
import { clampDisk, diskRange, expiryOf, renewBlock, sharedRegion } from './desktop-rules';
import { SHUTDOWN_ACTIONS, testDesktop } from './test-desktops';

const DAY_MS = 24 * 3600 * 1000;
const NOW = Date.parse('2026-11-22T00:00:00Z');

describe('desktop rules', () => {
  it('calls a desktop changing while it moves between states or is still being made', () => {
    expect(isChanging(testDesktop(1))).toBe(false);
    for (const status of ['pending', 'starting', 'stopping', 'rebuilding'] as const) {
      expect(isChanging(testDesktop(1, { status }))).toBe(true);
    }
    expect(isChanging(testDesktop(1, { resource_status: 'creating' }))).toBe(true);
    expect(isChanging(testDesktop(1, { resource_status: 'not_created' }))).toBe(true);
    // A failed creation leaves the row pending, as the server does: it is settled all the same.
    for (const resource_status of ['creation_failed', 'refunded'] as const) {
      expect(isChanging(testDesktop(1, { status: 'pending', resource_status }))).toBe(false);
    }
  });

  it('warns in the last three days and says when it has ended', () => {
    const at = (ms: number) => new Date(NOW + ms).toISOString();
    expect(expiryOf(at(10 * DAY_MS), NOW)).toEqual({ daysLeft: 10, level: 'normal' });
    expect(expiryOf(at(3 * DAY_MS), NOW)).toEqual({ daysLeft: 3, level: 'normal' });
    expect(expiryOf(at(3 * DAY_MS - 1), NOW)).toEqual({ daysLeft: 3, level: 'soon' });
    expect(expiryOf(at(3600_000), NOW)).toEqual({ daysLeft: 1, level: 'soon' });
    expect(expiryOf(at(-1), NOW)).toEqual({ daysLeft: 0, level: 'expired' });
  });

  it('never offers a system disk below the current size, and keeps sizes on the 10 GiB grid', () => {
    expect(diskRange(120)).toEqual({ min: 120, max: 500, step: 10 });
    expect(diskRange(60)).toEqual({ min: 80, max: 500, step: 10 });
    expect(clampDisk(90, 120)).toBe(120);
    expect(clampDisk(133, 120)).toBe(130);
    expect(clampDisk(900, 120)).toBe(500);
  });

  it('explains why gifts and pay-as-you-go cannot be renewed', () => {
    expect(renewBlock(testDesktop(1))).toBeNull();
    expect(renewBlock(testDesktop(1, { gift: true }))).toBe('gift');
    expect(renewBlock(testDesktop(1, { billing_method: 'payg' }))).toBe('payg');
    // The dialog that says why opens even though the server does not offer renew.
    expect(isOffered(testDesktop(1, { gift: true, actions: [] }), 'renew')).toBe(true);
    expect(isOffered(testDesktop(1, { actions: [] }), 'renew')).toBe(false);
  });

  it('offers the buttons the server allows', () => {
    const running = testDesktop(1);
    const shutdown = testDesktop(2, { status: 'shutdown', actions: SHUTDOWN_ACTIONS });
    expect(powerAction(running)).toBe('stop');
    expect(powerAction(shutdown)).toBe('start');
    expect(isOffered(running, 'connect')).toBe(true);
    expect(isOffered(shutdown, 'connect')).toBe(false);
    expect(isOffered(shutdown, 'reboot')).toBe(false);
    // A running desktop opens the configuration dialog, which asks for a shut-down first.
    expect(isOffered(running, 'spec')).toBe(true);
    expect(isOffered(testDesktop(3, { status: 'starting', actions: [] }), 'spec')).toBe(false);
    expect(isOffered(testDesktop(3, { actions: [] }), 'edit')).toBe(false);
  });

  it('moves a selection only within one region', () => {
    expect(sharedRegion([testDesktop(1), testDesktop(2)])).toBe(3);
    expect(sharedRegion([testDesktop(1), testDesktop(2, { region_id: 5 })])).toBeNull();
  });
});
