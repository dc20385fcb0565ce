/**
 * The simulated cloud's state machines, as data: how each kind is created and deleted, which
 * statuses allow which action (spec §4), the statuses an action passes through with their
 * durations, and what it changes in the attributes. Durations are upstream-like seconds; the
 * provider divides them by SIM_SPEED.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  CLOUD_STATUSES,
  CREATION_FAILED,
  CloudError,
  TERMINAL_STATUSES,
  type CloudAction,
  type CloudActionParams,
  type CloudAttributes,
  type CloudKind,
  type CloudSpecs,
  type CloudStatus,
} from '../types';
import { generateRsaKeyPair, md5Fingerprint, publicKeyBody } from '../../../lib/ssh-keys';
import {
  countryOfRegion,
  findModel,
  identityOf,
  pickModel,
  type DeviceIdentity,
  type Random,
} from '../sim-device-catalog';
import { intBetween, seedOf, unit } from './prng';
import { privateIpOf, publicIpOf } from './metrics';
import { pressScreenKey } from './phone-screen';
import { androidVersionOf } from './android-versions';
import { poolLocation, proxyEndpoint } from './proxy-pool';

/** One later status and how long (upstream seconds) after the previous one it comes. */
export interface Step {
  status: string;
  seconds: number;
}

/** The status taken at once, then the later steps in order. */
export interface Transition {
  status: string;
  later: Step[];
}

/** Another resource a call names, and the statuses it must be in. */
export interface Reference {
  kind: CloudKind;
  instanceId: string;
  statuses: readonly string[];
  /** The field that named it, for the error message. */
  field: string;
}

export interface RuleContext {
  now: Date;
  /** Seed of the instance id (addresses, ports). */
  seed: number;
  /** The upstream region (a new phone's SIM country comes from it). */
  region?: string;
  /** The instance's id (a proxy's credentials are drawn from it). */
  instanceId?: string;
}

interface CreationRule<K extends CloudKind> {
  transition: Transition;
  attributes(spec: CloudSpecs[K], context: RuleContext): CloudAttributes[K];
  references(spec: CloudSpecs[K]): Reference[];
}

interface DeletionRule<K extends CloudKind> {
  from: readonly CloudStatus<K>[];
  transition: Transition;
}

export interface ActionRule<K extends CloudKind, A extends CloudAction<K>> {
  from: readonly CloudStatus<K>[];
  /** Absent: the status does not change. */
  transition?(params: CloudActionParams[K][A]): Transition;
  /** The attributes after the action; throws CloudError when the parameters do not fit this resource. */
  apply?(
    attributes: CloudAttributes[K],
    params: CloudActionParams[K][A],
    context: RuleContext,
  ): CloudAttributes[K];
  references?(params: CloudActionParams[K][A], attributes: CloudAttributes[K]): Reference[];
}

type ActionRules = { [K in CloudKind]: { [A in CloudAction<K>]: ActionRule<K, A> } };

const isTerminal = (status: string) => (TERMINAL_STATUSES as readonly string[]).includes(status);

/** Every status of the kind that is not terminal. */
export function liveStatuses<K extends CloudKind>(kind: K): CloudStatus<K>[] {
  return (CLOUD_STATUSES[kind] as readonly CloudStatus<K>[]).filter((status) => !isTerminal(status));
}

export function isTerminalStatus(status: string): boolean {
  return isTerminal(status);
}

const now = (status: string, ...later: Step[]): Transition => ({ status, later });
const step = (status: string, seconds: number): Step => ({ status, seconds });

/** `at` plus whole months in UTC, the day clamped to the target month's last. */
export function addMonths(at: Date, months: number): Date {
  const target = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  target.setUTCHours(at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds());
  return target;
}

function expiryOf(spec: { chargeType: string; periodMonths?: number }, at: Date): string | null {
  return spec.chargeType === 'subscription' && spec.periodMonths !== undefined
    ? addMonths(at, spec.periodMonths).toISOString()
    : null;
}

const invalid = (message: string, details: Record<string, unknown> = {}) =>
  new CloudError('invalid_parameter', message, details);

/** Numbers in [0, 1) from a seed: the same seed draws the same identity in every process. */
function seededRandom(seed: number): Random {
  let n = 1000;
  return () => unit(seed, (n += 1));
}

/** A new phone's device: a model with the screen it was sold with, the SIM of its region. */
function newPhoneIdentity(resolution: string, context: RuleContext): DeviceIdentity {
  const random = seededRandom(context.seed);
  return identityOf(pickModel(random, { resolution }), countryOfRegion(context.region ?? ''), random);
}

/** A subscription's end moved by `months` (pay-as-you-go has nothing to renew). */
function renewed<T extends { chargeType: string; expiresAt: string | null }>(
  attributes: T,
  months: number,
): T {
  if (attributes.chargeType !== 'subscription' || attributes.expiresAt === null) {
    throw invalid('a pay-as-you-go resource cannot be renewed');
  }
  return { ...attributes, expiresAt: addMonths(new Date(attributes.expiresAt), months).toISOString() };
}

/** A disk may grow, never shrink (spec §5). */
function notSmaller(field: string, current: number, next: number | undefined): void {
  if (next !== undefined && next < current) {
    throw invalid(`${field} cannot shrink (${current} → ${next})`, { field });
  }
}

/** The MD5 fingerprint (aa:bb:…) of an OpenSSH (`ssh-rsa AAAA… comment`) or ADB (`AAAA… user@host`) public key. */
export function fingerprintOf(publicKey: string): string {
  const body = publicKeyBody(publicKey);
  if (body === undefined)
    throw invalid('publicKey is not an OpenSSH or ADB public key', { field: 'publicKey' });
  return md5Fingerprint(body);
}

export const CREATION: { [K in CloudKind]: CreationRule<K> } = {
  desktop: {
    transition: now('pending', step('starting', 60), step('running', 30)),
    attributes: (spec, { now: at, seed }) => ({
      name: spec.name,
      officeSiteId: spec.officeSiteId,
      bundleId: spec.bundleId,
      imageId: spec.imageId,
      cpu: spec.cpu,
      memoryGiB: spec.memoryGiB,
      systemDiskGiB: spec.systemDiskGiB,
      dataDiskGiB: spec.dataDiskGiB ?? 0,
      policyId: spec.policyId ?? null,
      chargeType: spec.chargeType,
      expiresAt: expiryOf(spec, at),
      privateIp: privateIpOf(seed),
      connectedSessions: 0,
      endUsers: [],
    }),
    references: (spec) => [
      { kind: 'office_site', instanceId: spec.officeSiteId, statuses: ['normal'], field: 'officeSiteId' },
      ...(spec.policyId === undefined
        ? []
        : [
            {
              kind: 'policy' as const,
              instanceId: spec.policyId,
              statuses: ['available'],
              field: 'policyId',
            },
          ]),
    ],
  },
  office_site: {
    transition: now('creating', step('normal', 30)),
    attributes: (spec, { now: at, seed }) => ({
      name: spec.name,
      bandwidthMbps: spec.bandwidthMbps,
      free: spec.free ?? false,
      cidrBlock: spec.cidrBlock ?? `172.${intBetween(seed, 31, 16, 31)}.0.0/16`,
      publicIp: spec.free ? null : publicIpOf(seed),
      chargeType: spec.chargeType,
      expiresAt: expiryOf(spec, at),
    }),
    references: () => [],
  },
  policy: {
    transition: now('available'),
    attributes: (spec) => ({ ...spec }),
    references: () => [],
  },
  phone: {
    transition: now('creating', step('starting', 40), step('running', 15)),
    attributes: (spec, context) => ({
      ...newPhoneIdentity(spec.resolution ?? '720x1280', context),
      androidVersion: androidVersionOf(spec.imageId),
      name: spec.name,
      specId: spec.specId,
      imageId: spec.imageId,
      cpu: spec.cpu,
      memoryGiB: spec.memoryGiB,
      diskGiB: spec.diskGiB,
      keyPairId: spec.keyPairId ?? null,
      networkId: spec.networkId ?? null,
      chargeType: spec.chargeType,
      expiresAt: expiryOf(spec, context.now),
      privateIp: privateIpOf(context.seed),
      adbEnabled: false,
      adbEndpoint: null,
      apps: [],
      appVersions: {},
      contactCount: 0,
    }),
    references: (spec) => [
      ...(spec.keyPairId === undefined
        ? []
        : [
            {
              kind: 'key_pair' as const,
              instanceId: spec.keyPairId,
              statuses: ['available'],
              field: 'keyPairId',
            },
          ]),
      ...(spec.networkId === undefined
        ? []
        : [
            {
              kind: 'phone_network' as const,
              instanceId: spec.networkId,
              statuses: ['available'],
              field: 'networkId',
            },
          ]),
    ],
  },
  key_pair: {
    transition: now('available'),
    attributes: (spec) => {
      const pair = spec.publicKey === undefined ? generateRsaKeyPair() : { publicKey: spec.publicKey.trim() };
      return { name: spec.name, ...pair, fingerprint: fingerprintOf(pair.publicKey) };
    },
    references: () => [],
  },
  eip: {
    transition: now('creating', step('unallocated', 5)),
    attributes: (spec, { now: at, seed }) => ({
      address: publicIpOf(seed),
      bandwidthMbps: spec.bandwidthMbps,
      networkId: spec.networkId ?? null,
      boundInstanceId: null,
      chargeType: spec.chargeType,
      expiresAt: expiryOf(spec, at),
    }),
    references: (spec) =>
      spec.networkId === undefined
        ? []
        : [
            {
              kind: 'phone_network',
              instanceId: spec.networkId,
              statuses: ['available'],
              field: 'networkId',
            },
          ],
  },
  phone_network: {
    transition: now('creating', step('available', 20)),
    attributes: (spec, { now: at, seed }) => ({
      name: spec.name,
      ipQuota: spec.ipQuota,
      cidrBlock: `192.168.${intBetween(seed, 41, 0, 255)}.0/24`,
      chargeType: spec.chargeType,
      expiresAt: expiryOf(spec, at),
    }),
    references: () => [],
  },
  // The pool's stock is taken by the provider's create (proxy-pool.ts `takeFromPool`).
  proxy: {
    transition: now('creating', step('available', 10)),
    attributes: (spec, { now: at, instanceId }) => {
      const entry = poolLocation(spec.poolId);
      return {
        poolId: entry.poolId,
        country: entry.country,
        city: entry.city,
        isp: entry.isp,
        protocol: spec.protocol,
        ...proxyEndpoint(entry, instanceId!),
        chargeType: spec.chargeType,
        expiresAt: expiryOf(spec, at),
      };
    },
    references: () => [],
  },
  backup: {
    transition: now('creating', step('available', 30)),
    attributes: (spec, { seed }) => ({
      phoneInstanceId: spec.phoneInstanceId,
      name: spec.name,
      description: spec.description ?? '',
      sizeMiB: intBetween(seed, 51, 300, 6_000),
      lastRecoveryAt: null,
    }),
    references: (spec) => [
      {
        kind: 'phone',
        instanceId: spec.phoneInstanceId,
        statuses: ['running', 'stopped'],
        field: 'phoneInstanceId',
      },
    ],
  },
};

/** A create that fails passes the same first status, then ends in 'failed' when it would have been ready. */
export function failedCreation(kind: CloudKind): Transition {
  const { transition } = CREATION[kind];
  const seconds = transition.later.reduce((total, later) => total + later.seconds, 0);
  return seconds === 0 ? now(CREATION_FAILED) : now(transition.status, step(CREATION_FAILED, seconds));
}

export const DELETION: { [K in CloudKind]: DeletionRule<K> } = {
  desktop: { from: ['running', 'shutdown', 'expired'], transition: now('deleted') },
  office_site: { from: ['normal'], transition: now('releasing', step('released', 20)) },
  policy: { from: ['available'], transition: now('deleted') },
  phone: { from: ['running', 'stopped'], transition: now('deleted') },
  key_pair: { from: ['available'], transition: now('deleted') },
  // An address must be unbound before it is released (spec §4 IP rules).
  eip: { from: ['unallocated'], transition: now('releasing', step('released', 5)) },
  phone_network: { from: ['available'], transition: now('deleted') },
  backup: { from: ['available'], transition: now('deleted') },
  proxy: { from: ['available'], transition: now('releasing', step('released', 5)) },
};

const desktopLive = liveStatuses('desktop');
const phoneSettled = ['running', 'stopped'] as const;

export const ACTIONS: ActionRules = {
  desktop: {
    start: {
      from: ['shutdown'],
      transition: () => now('starting', step('running', 20)),
    },
    stop: {
      from: ['running'],
      transition: () => now('stopping', step('shutdown', 20)),
      apply: (attributes) => ({ ...attributes, connectedSessions: 0 }),
    },
    reboot: {
      from: ['running'],
      transition: () => now('stopping', step('starting', 10), step('running', 20)),
      apply: (attributes) => ({ ...attributes, connectedSessions: 0 }),
    },
    // Reinstalling is allowed only when running or shut down (spec §4).
    rebuild: {
      from: ['running', 'shutdown'],
      transition: () => now('rebuilding', step('running', 90)),
      apply: (attributes, params) => ({
        ...attributes,
        imageId: params.imageId ?? attributes.imageId,
        connectedSessions: 0,
      }),
    },
    reset: {
      from: ['running', 'shutdown'],
      transition: () => now('rebuilding', step('running', 60)),
      apply: (attributes) => ({ ...attributes, connectedSessions: 0 }),
    },
    // Changing configuration requires shutdown first (spec §4).
    modify_spec: {
      from: ['shutdown'],
      apply: (attributes, params) => {
        notSmaller('systemDiskGiB', attributes.systemDiskGiB, params.systemDiskGiB);
        notSmaller('dataDiskGiB', attributes.dataDiskGiB, params.dataDiskGiB);
        return { ...attributes, ...params };
      },
    },
    migrate: {
      from: ['running', 'shutdown'],
      apply: (attributes, params) => ({ ...attributes, officeSiteId: params.officeSiteId }),
      references: (params) => [
        { kind: 'office_site', instanceId: params.officeSiteId, statuses: ['normal'], field: 'officeSiteId' },
      ],
    },
    disconnect: {
      from: ['running'],
      apply: (attributes) => ({ ...attributes, connectedSessions: 0 }),
    },
    renew: { from: desktopLive, apply: (attributes, params) => renewed(attributes, params.months) },
    rename: { from: desktopLive, apply: (attributes, params) => ({ ...attributes, name: params.name }) },
    set_policy: {
      from: ['running', 'shutdown'],
      apply: (attributes, params) => ({ ...attributes, policyId: params.policyId }),
      references: (params) => [
        { kind: 'policy', instanceId: params.policyId, statuses: ['available'], field: 'policyId' },
      ],
    },
    // Another user's sessions end when the desktop changes hands; the same user keeps them.
    assign_user: {
      from: desktopLive,
      apply: (attributes, params) => {
        const endUsers = params.endUserId === null ? [] : [params.endUserId];
        const same = isDeepStrictEqual(endUsers, attributes.endUsers ?? []);
        return { ...attributes, endUsers, connectedSessions: same ? attributes.connectedSessions : 0 };
      },
    },
  },
  office_site: {
    modify_bandwidth: {
      from: ['normal'],
      apply: (attributes, params) => {
        if (attributes.free) throw invalid('the free network’s bandwidth cannot be changed');
        return { ...attributes, bandwidthMbps: params.bandwidthMbps };
      },
    },
    renew: { from: ['normal'], apply: (attributes, params) => renewed(attributes, params.months) },
    rename: { from: ['normal'], apply: (attributes, params) => ({ ...attributes, name: params.name }) },
  },
  policy: {
    modify: { from: ['available'], apply: (attributes, params) => ({ ...attributes, ...params }) },
  },
  phone: {
    start: { from: ['stopped'], transition: () => now('starting', step('running', 15)) },
    stop: {
      from: ['running'],
      transition: (params) => now('stopping', step('stopped', params.force ? 2 : 10)),
      apply: (attributes) => ({ ...attributes, adbEnabled: false, adbEndpoint: null }),
    },
    reboot: {
      from: ['running'],
      transition: (params) => now('rebooting', step('running', params.force ? 10 : 20)),
    },
    screen_input: { from: ['running'], apply: (attributes, params) => pressScreenKey(attributes, params) },
    // Reset returns to the image: user data and installed apps are gone.
    reset: {
      from: phoneSettled,
      transition: () => now('resetting', step('running', 40)),
      apply: (attributes) => ({
        ...attributes,
        apps: [],
        appVersions: {},
        contactCount: 0,
        adbEnabled: false,
        adbEndpoint: null,
      }),
    },
    modify_spec: {
      from: phoneSettled,
      apply: (attributes, params) => {
        notSmaller('diskGiB', attributes.diskGiB, params.diskGiB);
        return { ...attributes, ...params };
      },
    },
    renew: { from: liveStatuses('phone'), apply: (attributes, params) => renewed(attributes, params.months) },
    rename: {
      from: liveStatuses('phone'),
      apply: (attributes, params) => ({ ...attributes, name: params.name }),
    },
    attach_key: {
      from: phoneSettled,
      apply: (attributes, params) => ({ ...attributes, keyPairId: params.keyPairId }),
      references: (params) => [
        { kind: 'key_pair', instanceId: params.keyPairId, statuses: ['available'], field: 'keyPairId' },
      ],
    },
    detach_key: {
      from: phoneSettled,
      apply: (attributes) => {
        if (attributes.keyPairId === null) throw invalid('no key pair is attached');
        return { ...attributes, keyPairId: null };
      },
    },
    enable_adb: {
      from: ['running'],
      apply: (attributes, _params, { seed }) => {
        if (attributes.keyPairId === null) throw invalid('attach a key pair before enabling ADB');
        return {
          ...attributes,
          adbEnabled: true,
          adbEndpoint: `${publicIpOf(seed)}:${intBetween(seed, 61, 20_000, 60_000)}`,
        };
      },
    },
    disable_adb: {
      from: phoneSettled,
      apply: (attributes) => ({ ...attributes, adbEnabled: false, adbEndpoint: null }),
    },
    install_app: {
      from: ['running'],
      apply: (attributes, { appId, versionName, versionCode, md5 }) => {
        const installed = attributes.appVersions?.[appId];
        if (installed && versionCode < installed.versionCode) {
          throw invalid(
            `INSTALL_FAILED_VERSION_DOWNGRADE: ${appId} ${installed.versionName} (${installed.versionCode}) is newer than ${versionName} (${versionCode})`,
            { field: 'versionCode' },
          );
        }
        return {
          ...attributes,
          apps: attributes.apps.includes(appId) ? attributes.apps : [...attributes.apps, appId],
          appVersions: { ...attributes.appVersions, [appId]: { versionName, versionCode, md5 } },
        };
      },
    },
    uninstall_app: {
      from: ['running'],
      apply: (attributes, params) => {
        if (!attributes.apps.includes(params.appId)) throw invalid(`app ${params.appId} is not installed`);
        const { [params.appId]: _removed, ...appVersions } = attributes.appVersions ?? {};
        return { ...attributes, apps: attributes.apps.filter((app) => app !== params.appId), appVersions };
      },
    },
    // A new device: reset to the image (user data, apps and ADB gone) under a new identity.
    // eds-aic NetRedirectPolicy: the phone's traffic through a socks5/http proxy, or direct (null).
    set_proxy: {
      from: phoneSettled,
      apply: (attributes, params) => ({ ...attributes, proxy: params.proxy }),
    },
    replace: {
      from: phoneSettled,
      transition: () => now('resetting', step('running', 40)),
      apply: (attributes, params, { now: at }) => {
        const device = findModel(params.brand, params.model);
        if (!device) {
          throw invalid(`${params.brand} has no model ${params.model}`, { field: 'model' });
        }
        // Seeded by the identity it replaces and the time, so each replacement draws new ids.
        const random = seededRandom(seedOf(`${attributes.androidId ?? ''}:${at.toISOString()}`));
        const country = params.country ?? attributes.simCountry ?? 'CN';
        return {
          ...attributes,
          ...identityOf(device, country, random),
          apps: [],
          appVersions: {},
          contactCount: 0,
          adbEnabled: false,
          adbEndpoint: null,
        };
      },
    },
  },
  key_pair: {
    rename: { from: ['available'], apply: (attributes, params) => ({ ...attributes, name: params.name }) },
  },
  // Allocation only when unallocated; unbinding only when allocated; an unbound IP cannot have its
  // bandwidth modified (spec §4 IP rules).
  eip: {
    bind: {
      from: ['unallocated'],
      transition: () => now('allocated'),
      apply: (attributes, params) => ({ ...attributes, boundInstanceId: params.instanceId }),
      references: (params) => [
        {
          kind: 'phone',
          instanceId: params.instanceId,
          statuses: liveStatuses('phone'),
          field: 'instanceId',
        },
      ],
    },
    unbind: {
      from: ['allocated'],
      transition: () => now('unallocated'),
      apply: (attributes) => ({ ...attributes, boundInstanceId: null }),
    },
    modify_bandwidth: {
      from: ['allocated'],
      apply: (attributes, params) => ({ ...attributes, bandwidthMbps: params.bandwidthMbps }),
    },
    renew: {
      from: ['unallocated', 'allocated'],
      apply: (attributes, params) => renewed(attributes, params.months),
    },
    // Its phone network is released: like an Alibaba EIP whose network goes, the address stays
    // (bound or not) and simply belongs to no network any more.
    leave_network: {
      from: ['unallocated', 'allocated'],
      apply: (attributes) => {
        if (attributes.networkId === null) throw invalid('the address is in no phone network');
        return { ...attributes, networkId: null };
      },
    },
  },
  phone_network: {
    renew: { from: ['available'], apply: (attributes, params) => renewed(attributes, params.months) },
    rename: { from: ['available'], apply: (attributes, params) => ({ ...attributes, name: params.name }) },
  },
  proxy: {
    renew: { from: ['available'], apply: (attributes, params) => renewed(attributes, params.months) },
  },
  backup: {
    recover: {
      from: ['available'],
      transition: () => now('recovering', step('available', 30)),
      apply: (attributes, _params, { now: at }) => ({ ...attributes, lastRecoveryAt: at.toISOString() }),
      references: (params, attributes) => [
        {
          kind: 'phone',
          instanceId: params.phoneInstanceId ?? attributes.phoneInstanceId,
          statuses: phoneSettled,
          field: 'phoneInstanceId',
        },
      ],
    },
    rename: {
      from: ['available'],
      apply: (attributes, params) => ({
        ...attributes,
        name: params.name,
        description: params.description ?? attributes.description,
      }),
    },
  },
};

/** The rule of `action` on `kind`, or a CloudError when the kind has no such action. */
export function actionRule<K extends CloudKind>(kind: K, action: string): ActionRule<K, CloudAction<K>> {
  const rules = ACTIONS[kind] as Record<string, ActionRule<K, CloudAction<K>>>;
  const rule = Object.hasOwn(rules, action) ? rules[action] : undefined;
  if (rule === undefined) throw invalid(`${kind} has no action ${action}`, { action });
  return rule;
}

/** Throws CloudError invalid_state unless `status` is one of `from`. */
export function assertAllowed(
  kind: CloudKind,
  operation: string,
  status: string,
  from: readonly string[],
): void {
  if (!from.includes(status)) {
    throw new CloudError('invalid_state', `${operation} is not allowed while the ${kind} is ${status}`, {
      operation,
      status,
      allowed: from,
    });
  }
}
