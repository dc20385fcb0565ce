import { describe, expect, it } from 'vitest';
import { CLOUD_KINDS, CLOUD_STATUSES, CloudError, type DesktopAttributes } from '../types';
import {
  ACTIONS,
  CREATION,
  DELETION,
  actionRule,
  addMonths,
  assertAllowed,
  failedCreation,
  fingerprintOf,
  type Transition,
} from './lifecycle';
import { SPEC_SCHEMAS } from './specs';

const context = { now: new Date('2026-01-31T10:00:00Z'), seed: 7 };

function statusesOf(transition: Transition): string[] {
  return [transition.status, ...transition.later.map((step) => step.status)];
}

function errorOf(work: () => unknown): CloudError {
  try {
    work();
  } catch (error) {
    if (error instanceof CloudError) return error;
    throw error;
  }
  throw new Error('expected a CloudError');
}

const desktop: DesktopAttributes = {
  name: 'office-1',
  officeSiteId: 'cn-hangzhou+dir-1',
  bundleId: 'b-1',
  imageId: 'img-1',
  cpu: 4,
  memoryGiB: 8,
  systemDiskGiB: 100,
  dataDiskGiB: 0,
  policyId: null,
  chargeType: 'subscription',
  expiresAt: '2026-02-28T10:00:00.000Z',
  privateIp: '10.0.0.2',
  connectedSessions: 2,
  endUsers: [],
};

describe('the state machines', () => {
  it('only use statuses their kind has', () => {
    for (const kind of CLOUD_KINDS) {
      const known = CLOUD_STATUSES[kind] as readonly string[];
      const used = [
        ...statusesOf(CREATION[kind].transition),
        ...statusesOf(failedCreation(kind)),
        ...DELETION[kind].from,
        ...statusesOf(DELETION[kind].transition),
      ];
      for (const rule of Object.values(ACTIONS[kind]) as {
        from: string[];
        transition?: (p: object) => Transition;
      }[]) {
        used.push(...rule.from);
        if (rule.transition) used.push(...statusesOf(rule.transition({})));
      }
      expect(
        used.filter((status) => !known.includes(status)),
        kind,
      ).toEqual([]);
    }
  });

  it('desktops: reinstall only when running or shut down, configuration only when shut down (spec §4)', () => {
    expect(actionRule('desktop', 'rebuild').from).toEqual(['running', 'shutdown']);
    expect(actionRule('desktop', 'modify_spec').from).toEqual(['shutdown']);
    expect(actionRule('desktop', 'start').from).toEqual(['shutdown']);
    expect(actionRule('desktop', 'stop').from).toEqual(['running']);
    const forbidden = errorOf(() => assertAllowed('desktop', 'modify_spec', 'running', ['shutdown']));
    expect(forbidden.code).toBe('invalid_state');
    expect(forbidden.details).toMatchObject({ status: 'running', allowed: ['shutdown'] });
    expect(() => assertAllowed('desktop', 'stop', 'running', ['running'])).not.toThrow();
  });

  it('desktops are created through pending and starting, and stop through stopping', () => {
    expect(statusesOf(CREATION.desktop.transition)).toEqual(['pending', 'starting', 'running']);
    expect(statusesOf(actionRule('desktop', 'stop').transition!({}))).toEqual(['stopping', 'shutdown']);
    expect(statusesOf(actionRule('desktop', 'reboot').transition!({}))).toEqual([
      'stopping',
      'starting',
      'running',
    ]);
  });

  it('EIPs: bind only unallocated, unbind and bandwidth only allocated, release only unbound (spec §4)', () => {
    expect(actionRule('eip', 'bind').from).toEqual(['unallocated']);
    expect(actionRule('eip', 'unbind').from).toEqual(['allocated']);
    expect(actionRule('eip', 'modify_bandwidth').from).toEqual(['allocated']);
    expect(DELETION.eip.from).toEqual(['unallocated']);
  });

  it('a failed create ends in failed when it would have been ready', () => {
    const total = (t: Transition) => t.later.reduce((sum, step) => sum + step.seconds, 0);
    expect(failedCreation('desktop')).toEqual({
      status: 'pending',
      later: [{ status: 'failed', seconds: 90 }],
    });
    expect(total(failedCreation('phone'))).toBe(total(CREATION.phone.transition));
    expect(failedCreation('policy')).toEqual({ status: 'failed', later: [] });
  });

  it('refuses an action the kind does not have', () => {
    expect(errorOf(() => actionRule('eip', 'reboot')).code).toBe('invalid_parameter');
    expect(errorOf(() => actionRule('desktop', 'toString')).code).toBe('invalid_parameter');
  });
});

describe('action effects', () => {
  it('never shrinks a disk', () => {
    const modify = actionRule('desktop', 'modify_spec');
    expect(modify.apply!(desktop, { systemDiskGiB: 120, cpu: 8 }, context)).toMatchObject({
      systemDiskGiB: 120,
      cpu: 8,
    });
    expect(errorOf(() => modify.apply!(desktop, { systemDiskGiB: 90 }, context)).code).toBe(
      'invalid_parameter',
    );
  });

  it('renews a subscription by calendar months and refuses pay-as-you-go', () => {
    const renew = actionRule('desktop', 'renew');
    expect(renew.apply!(desktop, { months: 1 }, context).expiresAt).toBe('2026-03-28T10:00:00.000Z');
    const payg = { ...desktop, chargeType: 'payg' as const, expiresAt: null };
    expect(errorOf(() => renew.apply!(payg, { months: 1 }, context)).code).toBe('invalid_parameter');
    expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-11-30T00:00:00Z'), 3).toISOString()).toBe('2027-02-28T00:00:00.000Z');
  });

  it('stopping a desktop ends its sessions', () => {
    expect(actionRule('desktop', 'stop').apply!(desktop, {}, context).connectedSessions).toBe(0);
  });

  it('assigns a desktop to one end user at a time; a new user ends the old one’s sessions', () => {
    const assign = actionRule('desktop', 'assign_user');
    expect(assign.from).toContain('pending');
    const alice = assign.apply!(desktop, { endUserId: 'alice' }, context);
    expect(alice).toMatchObject({ endUsers: ['alice'], connectedSessions: 0 });
    const again = assign.apply!({ ...alice, connectedSessions: 1 }, { endUserId: 'alice' }, context);
    expect(again.connectedSessions).toBe(1);
    expect(assign.apply!(alice, { endUserId: null }, context).endUsers).toEqual([]);
  });

  it('generates a key pair whose fingerprint matches its public key', () => {
    const pair = CREATION.key_pair.attributes({ name: 'adb_key' }, context);
    expect(pair.publicKey).toMatch(/^ssh-rsa [A-Za-z0-9+/]+=*$/);
    expect(pair.privateKeyBody).toContain('BEGIN PRIVATE KEY');
    expect(pair.fingerprint).toBe(fingerprintOf(pair.publicKey));
    expect(pair.fingerprint).toMatch(/^([0-9a-f]{2}:){15}[0-9a-f]{2}$/);
    expect(errorOf(() => fingerprintOf('not a key')).code).toBe('invalid_parameter');
  });
});

describe('create specs', () => {
  const valid = {
    name: 'office-1',
    officeSiteId: 'dir-1',
    bundleId: 'b-1',
    imageId: 'img-1',
    cpu: 2,
    memoryGiB: 4,
    systemDiskGiB: 80,
    chargeType: 'subscription',
    periodMonths: 1,
  };

  it('follows spec §5 ranges', () => {
    expect(SPEC_SCHEMAS.desktop.safeParse(valid).success).toBe(true);
    expect(SPEC_SCHEMAS.desktop.safeParse({ ...valid, systemDiskGiB: 85 }).success).toBe(false);
    expect(SPEC_SCHEMAS.desktop.safeParse({ ...valid, systemDiskGiB: 510 }).success).toBe(false);
    expect(
      SPEC_SCHEMAS.office_site.safeParse({ name: 'n', bandwidthMbps: 201, chargeType: 'payg' }).success,
    ).toBe(false);
    expect(SPEC_SCHEMAS.key_pair.safeParse({ name: '密钥_a-1' }).success).toBe(true);
    expect(SPEC_SCHEMAS.key_pair.safeParse({ name: 'a b' }).success).toBe(false);
  });

  it('needs a period for a subscription and refuses one for pay-as-you-go, and unknown fields', () => {
    expect(SPEC_SCHEMAS.desktop.safeParse({ ...valid, periodMonths: undefined }).success).toBe(false);
    expect(SPEC_SCHEMAS.desktop.safeParse({ ...valid, chargeType: 'payg' }).success).toBe(false);
    expect(SPEC_SCHEMAS.desktop.safeParse({ ...valid, color: 'red' }).success).toBe(false);
  });
});

describe('a phone’s device identity', () => {
  const spec = {
    name: 'shop-1',
    specId: 'ph.standard.4c8g',
    imageId: 'ph-img-android13',
    cpu: 4,
    memoryGiB: 8,
    diskGiB: 64,
    resolution: '1080x1920',
    chargeType: 'subscription' as const,
    periodMonths: 1,
  };

  it('is drawn at creation: a model with the screen sold, the region’s SIM, the same for the same instance', () => {
    const made = CREATION.phone.attributes(spec, { ...context, region: 'ap-southeast-1' });
    expect(made).toMatchObject({ resolution: '1080x1920', orientation: 'portrait', simCountry: 'SG' });
    expect(made.imei).toMatch(/^35\d{13}$/);
    expect(CREATION.phone.attributes(spec, { ...context, region: 'ap-southeast-1' })).toEqual(made);
    expect(CREATION.phone.attributes(spec, { ...context, seed: 8 }).androidId).not.toBe(made.androidId);
  });

  it('is replaced with the asked model, new ids, the data and ADB gone; a model of another brand is refused', () => {
    const replace = ACTIONS.phone.replace;
    const before = {
      ...CREATION.phone.attributes(spec, context),
      apps: ['app-1'],
      adbEnabled: true,
      adbEndpoint: '47.96.0.1:30000',
    };
    const after = replace.apply!(before, { brand: 'google', model: 'Pixel 8' }, context);
    expect(after).toMatchObject({
      brand: 'google',
      model: 'Pixel 8',
      resolution: '1080x2400',
      featureLevel: '34',
      simCountry: before.simCountry,
      apps: [],
      adbEnabled: false,
      adbEndpoint: null,
    });
    expect(after.imei).not.toBe(before.imei);
    expect(after.androidId).not.toBe(before.androidId);
    expect(
      replace.apply!(before, { brand: 'google', model: 'Pixel 8', country: 'JP' }, context).simCountry,
    ).toBe('JP');
    expect(statusesOf(replace.transition!({ brand: 'google', model: 'Pixel 8' }))).toEqual([
      'resetting',
      'running',
    ]);
    const refused = errorOf(() => replace.apply!(before, { brand: 'samsung', model: 'Pixel 8' }, context));
    expect(refused.code).toBe('invalid_parameter');
  });
});
