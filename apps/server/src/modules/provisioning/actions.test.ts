import { describe, expect, it } from 'vitest';
import { CLOUD_STATUSES } from '../../providers/cloud/types';
import { ACTIONS, DELETION } from '../../providers/cloud/sim/lifecycle';
import { STATE_MACHINES, actionToken, cloudKindOf, isActionAllowed, statusFromCloud } from './actions';
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
});

describe('every state machine', () => {
  it.each(Object.keys(STATE_MACHINES))('never allows on %s what the cloud would refuse', (kind) => {
    const cloudKind = cloudKindOf(kind);
    if (cloudKind === null) return;
    for (const [action, rule] of Object.entries(STATE_MACHINES[kind as 'desktop']!)) {
      const cloudFrom =
        action === 'delete'
          ? DELETION[cloudKind].from
          : (ACTIONS[cloudKind] as Record<string, { from: readonly string[] }>)[action]!.from;
      // An EIP release unbinds a bound address first, so it is allowed from both.
      const from = rule.before ? rule.from.filter((s) => s !== 'allocated') : rule.from;
      for (const status of from) expect(cloudFrom, `${kind} ${action} from ${status}`).toContain(status);
    }
  });
});

describe('the phone state machine (spec §4 Phone operations)', () => {
  const phone = (status: string) => row({ kind: 'phone', status });
  it.each([
    ['start', 'stopped', true],
    ['start', 'running', false],
    ['stop', 'running', true],
    ['stop', 'stopped', false],
    ['reboot', 'running', true],
    ['reboot', 'stopped', false],
    ['reset', 'running', true],
    ['reset', 'stopped', true],
    ['reset', 'starting', false],
    ['delete', 'running', true],
    ['delete', 'stopped', true],
    ['delete', 'rebooting', false],
    ['rebuild', 'running', false],
  ] as const)('%s from %s: %s', (action, status, allowed) => {
    expect(isActionAllowed(phone(status), action)).toBe(allowed);
  });
});

describe('the EIP state machine (spec §4 IP rules)', () => {
  const eip = (status: string) => row({ kind: 'eip', status });
  it.each([
    ['bind', 'unallocated', true],
    ['bind', 'allocated', false],
    ['unbind', 'allocated', true],
    ['unbind', 'unallocated', false],
    ['modify_bandwidth', 'allocated', true],
    ['modify_bandwidth', 'unallocated', false],
    ['delete', 'allocated', true],
    ['delete', 'unallocated', true],
    ['delete', 'releasing', false],
  ] as const)('%s from %s: %s', (action, status, allowed) => {
    expect(isActionAllowed(eip(status), action)).toBe(allowed);
  });
});

describe('phone networks and backup space', () => {
  it('are deleted when available; backup space has nothing upstream', () => {
    expect(isActionAllowed(row({ kind: 'phone_network', status: 'available' }), 'delete')).toBe(true);
    expect(isActionAllowed(row({ kind: 'phone_network', status: 'creating' }), 'delete')).toBe(false);
    expect(cloudKindOf('backup_space')).toBeNull();
    const space = row({ kind: 'backup_space', status: 'available', instanceId: null });
    expect(isActionAllowed(space, 'delete')).toBe(true);
    expect(isActionAllowed(space, 'stop')).toBe(false);
    expect(isActionAllowed(row({ kind: 'phone', status: 'running', instanceId: null }), 'stop')).toBe(false);
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
