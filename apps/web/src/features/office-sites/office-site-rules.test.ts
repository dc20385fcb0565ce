import { describe, expect, it } from 'vitest';
import { blockOf, isSettling, upgradeRange, type OfficeSiteAction } from './office-site-rules';
import { freeOfficeSite, testOfficeSite } from './test-office-sites';

const ACTIONS: OfficeSiteAction[] = ['upgrade', 'release', 'traffic', 'rename', 'autoRenew'];
const blocks = (site: Parameters<typeof blockOf>[0]) =>
  Object.fromEntries(ACTIONS.map((action) => [action, blockOf(site, action)]));

describe('blockOf', () => {
  it('offers everything on a ready paid subscription network', () => {
    expect(blocks(testOfficeSite('a'))).toEqual({
      upgrade: null,
      release: null,
      traffic: null,
      rename: null,
      autoRenew: null,
    });
  });

  it('never releases, re-sizes, meters or renews the free default network (spec §5), but renames it', () => {
    expect(blocks(freeOfficeSite('f'))).toEqual({
      upgrade: 'defaultLocked',
      release: 'defaultLocked',
      traffic: 'freeNoTraffic',
      rename: null,
      autoRenew: 'freeNoRenewal',
    });
  });

  it('waits for a network being made; a releasing or released one takes no change', () => {
    expect(blocks(testOfficeSite('c', { status: 'creating', resource_status: 'creating' }))).toEqual({
      upgrade: 'creating',
      release: 'creating',
      traffic: 'creating',
      rename: 'creating',
      autoRenew: 'creating',
    });
    const releasing = blocks(testOfficeSite('r', { status: 'releasing' }));
    expect(releasing).toMatchObject({ upgrade: 'releasing', release: 'releasing', rename: 'releasing' });
    // Its traffic so far can still be read.
    expect(releasing.traffic).toBeNull();
    // A released one is gone for the server (its routes answer 404): no traffic either.
    expect(blocks(testOfficeSite('g', { status: 'released' }))).toEqual({
      upgrade: 'released',
      release: 'released',
      traffic: 'released',
      rename: 'released',
      autoRenew: 'released',
    });
  });

  it('refuses to upgrade an expired network (it is renewed first), and only that', () => {
    const expiry = '2026-12-22T08:00:00.000Z';
    const site = testOfficeSite('e', { expire_time: expiry });
    const before = Date.parse(expiry) - 1;
    expect(blockOf(site, 'upgrade', before)).toBeNull();
    expect(blockOf(site, 'upgrade', Date.parse(expiry))).toBe('expired');
    expect(blockOf(site, 'upgrade', Date.parse(expiry) + 86_400_000)).toBe('expired');
    expect(blockOf(testOfficeSite('e', { expire_time: expiry, bandwidth: 200 }), 'upgrade', before)).toBe(
      'maxBandwidth',
    );
    for (const action of ['release', 'traffic', 'rename', 'autoRenew'] as const) {
      expect(blockOf(site, action, Date.parse(expiry) + 1)).toBeNull();
    }
  });

  it('offers nothing on a network whose creation failed', () => {
    const failed = testOfficeSite('x', { status: 'creating', resource_status: 'creation_failed' });
    expect(new Set(Object.values(blocks(failed)))).toEqual(new Set(['failed']));
  });

  it('stops upgrades at the maximum bandwidth, and renewal on pay-as-you-go networks', () => {
    expect(blockOf(testOfficeSite('m', { bandwidth: 199 }), 'upgrade')).toBeNull();
    expect(blockOf(testOfficeSite('m', { bandwidth: 200 }), 'upgrade')).toBe('maxBandwidth');
    expect(blockOf(testOfficeSite('p', { billing_method: 'payg' }), 'autoRenew')).toBe('paygNoRenewal');
  });
});

describe('isSettling', () => {
  it('follows networks being made or released, not settled or failed ones', () => {
    expect(isSettling(testOfficeSite('a', { status: 'creating' }))).toBe(true);
    expect(isSettling(testOfficeSite('a', { status: 'releasing' }))).toBe(true);
    expect(isSettling(testOfficeSite('a'))).toBe(false);
    expect(isSettling(testOfficeSite('a', { status: 'released' }))).toBe(false);
    expect(isSettling(testOfficeSite('a', { status: 'creating', resource_status: 'refunded' }))).toBe(false);
  });
});

describe('upgradeRange', () => {
  it('starts above the current bandwidth and ends at 200 Mbps', () => {
    expect(upgradeRange({ bandwidth: 50 })).toEqual({ min: 51, max: 200 });
  });
});
