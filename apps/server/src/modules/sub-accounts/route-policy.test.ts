import { describe, expect, it } from 'vitest';
import { subAccountRoutePolicy } from './route-policy';
import { subAccountMenus } from './menus';
import { monthStartOf } from './spend-cap';
import { endUserNameOf } from './end-users';

const permissionOf = (method: string, url: string, body: unknown) => {
  const policy = subAccountRoutePolicy(method, url)!;
  return typeof policy.permission === 'function' ? policy.permission(body) : policy.permission;
};

describe('the sub-account route policy', () => {
  it('maps each run action to the permission it needs', () => {
    const desktop = 'PUT /api/user/desktop/:desktop_id/run_status'.split(' ') as [string, string];
    expect(permissionOf(...desktop, { action: 'start' })).toBe('start_stop');
    expect(permissionOf(...desktop, { action: 'stop' })).toBe('start_stop');
    expect(permissionOf(...desktop, { action: 'reboot' })).toBe('restart');
    const phone = ['POST', '/api/user/ph/phone/action'] as const;
    expect(permissionOf(...phone, { action: 'restart' })).toBe('restart');
    expect(permissionOf(...phone, { action: 'reset' })).toBe('reset_replace');
  });

  it('reads the ids a call names from its params or body', () => {
    const batch = subAccountRoutePolicy('PUT', '/api/user/desktop/run_status')!.resource!;
    expect(batch.ids({ params: {}, body: { desktop_ids: ['cd-1', 'cd-2'] }, query: {} })).toEqual([
      'cd-1',
      'cd-2',
    ]);
    const one = subAccountRoutePolicy('POST', '/api/user/ph/phone/:id/renew')!.resource!;
    expect(one).toMatchObject({ kind: 'phone' });
    expect(one.ids({ params: { id: 'ph-1' }, body: undefined, query: {} })).toEqual(['ph-1']);
  });

  it('leaves purchases, the wallet and the sub-account management out', () => {
    for (const [method, url] of [
      ['POST', '/api/user/desktop'],
      ['POST', '/api/orders'],
      ['GET', '/api/user/user_transactions'],
      ['GET', '/api/user/son_account'],
      ['PUT', '/api/user/desktop/:desktop_id'],
      // The referral rebate is the main account's (issue 22).
      ['GET', '/api/user/referral'],
      ['POST', '/api/user/referral/withdrawal'],
    ]) {
      expect(subAccountRoutePolicy(method!, url!), `${method} ${url}`).toBeUndefined();
    }
  });
});

describe("a sub-account's console", () => {
  const rows = [
    'cloud',
    'cloud-buy',
    'cloud-list',
    'cloud-sonacc',
    'phone',
    'phone-buy',
    'phone-list',
    'spending',
  ].map((key) => ({ key }));
  it('keeps its desktops and, with the main account’s phone flag, its phones', () => {
    expect(subAccountMenus(rows, { phWhiteUser: 0 }).map((r) => r.key)).toEqual(['cloud', 'cloud-list']);
    expect(subAccountMenus(rows, { phWhiteUser: 1 }).map((r) => r.key)).toEqual([
      'cloud',
      'cloud-list',
      'phone',
      'phone-list',
    ]);
  });

  it('counts the spend cap per UTC month and names desktop users as the cloud accepts them', () => {
    expect(monthStartOf(new Date('2026-11-30T23:59:59+00:00')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
    expect(monthStartOf(new Date('2026-12-01T00:30:00+08:00')).toISOString()).toBe(
      '2026-11-01T00:00:00.000Z',
    );
    expect(endUserNameOf({ id: 7, nickname: 'anna.lee' })).toBe('anna.lee');
    expect(endUserNameOf({ id: 7, nickname: '小王同学' })).toBe('son7');
  });
});
