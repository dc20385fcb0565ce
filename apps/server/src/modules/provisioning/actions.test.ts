import { describe, expect, it } from 'vitest';
import { CLOUD_STATUSES } from '../../providers/cloud/types';
import { ACTIONS } from '../../providers/cloud/sim/lifecycle';
import { STATE_MACHINES, actionToken, isActionAllowed, statusFromCloud } from './actions';
import type { ResourceRow } from './repo';
import { addMonths, createToken } from './service';
import { pollDelaySeconds, shareOf } from './jobs';

const row = (overrides: Partial<ResourceRow>): ResourceRow =>
  ({
    id: 1,
    resourceId: 'dt-abc',
    kind: 'desktop',
    status: 'running',
    resourceStatus: 'created',
    instanceId: 'ecd-1',
    spec: {},
    attributes: {},
    deletedAt: null,
    ...overrides,
  }) as ResourceRow;

describe('the desktop state machine (spec §4)', () => {
  it.each([
    ['start', 'shutdown', true],
    ['start', 'running', false],
    ['stop', 'running', true],
    ['stop', 'shutdown', false],
    ['reboot', 'running', true],
    ['reboot', 'starting', false],
    ['rebuild', 'running', true],
    ['rebuild', 'shutdown', true],
    ['rebuild', 'stopping', false],
    ['modify_spec', 'shutdown', true],
    ['modify_spec', 'running', false],
    ['delete', 'expired', true],
    ['delete', 'pending', false],
  ] as const)('%s from %s: %s', (action, status, allowed) => {
    expect(isActionAllowed(row({ status }), action)).toBe(allowed);
  });

  it('allows nothing before creation finishes, while a call is unconfirmed, or after deletion', () => {
    expect(isActionAllowed(row({ resourceStatus: 'creating' }), 'stop')).toBe(false);
    expect(isActionAllowed(row({ attributes: { _engine_pending: { action: 'stop' } } }), 'stop')).toBe(false);
    expect(isActionAllowed(row({ deletedAt: new Date() }), 'stop')).toBe(false);
  });

  it('never allows what the cloud would refuse', () => {
    for (const [action, rule] of Object.entries(STATE_MACHINES.desktop!)) {
      const cloudFrom =
        action === 'delete'
          ? ['running', 'shutdown', 'expired']
          : (ACTIONS.desktop as Record<string, { from: readonly string[] }>)[action]!.from;
      for (const status of rule.from) expect(cloudFrom, `${action} from ${status}`).toContain(status);
    }
  });
});

describe('the office network state machine', () => {
  it('keeps the free network from being released or resized (spec §5)', () => {
    const site = (free: boolean) => row({ kind: 'office_site', status: 'normal', spec: { free } });
    expect(isActionAllowed(site(true), 'delete')).toBe(false);
    expect(isActionAllowed(site(true), 'modify_bandwidth')).toBe(false);
    expect(isActionAllowed(site(false), 'delete')).toBe(true);
    expect(isActionAllowed(site(true), 'rename')).toBe(true);
    expect(isActionAllowed(site(false), 'start')).toBe(false);
  });
});

describe('statuses and tokens', () => {
  it('stores the cloud status, a failed create as gone', () => {
    for (const status of CLOUD_STATUSES.desktop.filter((s) => s !== 'failed')) {
      expect(statusFromCloud('desktop', status)).toBe(status);
    }
    expect(statusFromCloud('desktop', 'failed')).toBe('deleted');
    expect(statusFromCloud('office_site', 'failed')).toBe('released');
  });

  it('derives stable, distinct tokens', () => {
    expect(actionToken('dt-abc', 'stop', 3)).toBe('dt-abc:stop:3');
    expect(actionToken('dt-abc', 'stop', 4)).not.toBe(actionToken('dt-abc', 'stop', 3));
    expect(createToken('OD1', 0)).not.toBe(createToken('OD1', 1));
  });

  it('splits an order into shares that sum to the amount paid', () => {
    for (const [paid, count] of [
      [1_000_001n, 3],
      [7n, 7],
      [0n, 2],
      [99_990_000n, 100],
    ] as const) {
      const shares = Array.from({ length: count }, (_, i) => shareOf(paid, count, i));
      expect(shares.reduce((a, b) => a + b, 0n)).toBe(paid);
      expect(Math.max(...shares.map(Number)) - Math.min(...shares.map(Number))).toBeLessThanOrEqual(1);
    }
  });

  it('adds calendar months, clamping the day', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
  });

  it('backs polls off up to a minute', () => {
    expect([1, 2, 3, 10].map(pollDelaySeconds)).toEqual([2, 4, 8, 60]);
  });
});
