/**
 * What the simulated cloud accepts: each kind's create spec and each action's parameters, checked
 * as an upstream API would (spec §5's ranges). Unknown fields are refused so that an engine bug
 * shows up here rather than as a silently ignored setting.
 */
import { BILLING_METHODS } from '@cloudbay/contracts';
import { z } from 'zod';
import {
  PHONE_SCREEN_KEYS,
  PROXY_PROTOCOLS,
  type CloudAction,
  type CloudActionParams,
  type CloudKind,
  type CloudSpecs,
} from '../types';

const id = z.string().trim().min(1).max(64);
const months = z.number().int().min(1).max(60);
const noParams = z.strictObject({});
const rename = z.strictObject({ name: z.string().trim().min(1).max(128) });
const renew = z.strictObject({ months });

/** 80–500 GiB in steps of 10 (spec §5). */
const systemDisk = z.number().int().min(80).max(500).multipleOf(10);
const dataDisk = z.number().int().min(0).max(2000).multipleOf(10);
const cpu = z.number().int().min(1).max(64);
const memory = z.number().int().min(1).max(512);
/** Office network bandwidth, 10–200 Mbps (spec §5). */
const officeBandwidth = z.number().int().min(10).max(200);
/** EIP bandwidth, 1–1000 Mbps (spec §5, the wider of its two forms). */
const eipBandwidth = z.number().int().min(1).max(1000);
const phoneName = z.string().trim().min(2).max(30);
/** Letters (any script), digits, underscore and hyphen, 2–128 (spec §5). */
const keyPairName = z
  .string()
  .trim()
  .regex(/^[\p{L}\p{N}_-]{2,128}$/u, 'letters, digits, underscore and hyphen, 2–128 characters');

const charge = {
  chargeType: z.enum(BILLING_METHODS),
  periodMonths: months.optional(),
};

/** A subscription needs its period; pay-as-you-go has none. */
function withChargeRule<T extends z.ZodType<{ chargeType: string; periodMonths?: number }>>(schema: T) {
  return schema.refine((spec) => (spec.chargeType === 'subscription') === (spec.periodMonths !== undefined), {
    message: 'periodMonths is required for a subscription and refused for pay-as-you-go',
    path: ['periodMonths'],
  });
}

const policyFields = {
  name: z.string().trim().min(1).max(64),
  clipboard: z.enum(['off', 'read', 'write', 'readwrite']),
  localDrive: z.enum(['off', 'read', 'readwrite']),
  usbRedirect: z.boolean(),
  watermark: z.boolean(),
  recording: z.boolean(),
};

export const SPEC_SCHEMAS: { [K in CloudKind]: z.ZodType<CloudSpecs[K]> } = {
  desktop: withChargeRule(
    z.strictObject({
      name: z.string().trim().min(1).max(64),
      officeSiteId: id,
      bundleId: id,
      imageId: id,
      cpu,
      memoryGiB: memory,
      systemDiskGiB: systemDisk,
      dataDiskGiB: dataDisk.optional(),
      policyId: id.optional(),
      ...charge,
    }),
  ),
  office_site: withChargeRule(
    z.strictObject({
      name: z.string().trim().min(1).max(64),
      bandwidthMbps: officeBandwidth,
      free: z.boolean().optional(),
      cidrBlock: z
        .string()
        .regex(/^\d{1,3}(\.\d{1,3}){3}\/\d{1,2}$/, 'a CIDR block such as 172.16.0.0/12')
        .optional(),
      ...charge,
    }),
  ),
  policy: z.strictObject(policyFields),
  phone: withChargeRule(
    z.strictObject({
      name: phoneName,
      specId: id,
      imageId: id,
      cpu,
      memoryGiB: memory,
      diskGiB: z.number().int().min(8).max(1024),
      resolution: z
        .string()
        .regex(/^\d{3,4}x\d{3,4}$/, 'width x height, e.g. 720x1280')
        .optional(),
      keyPairId: id.optional(),
      networkId: id.optional(),
      ...charge,
    }),
  ),
  key_pair: z.strictObject({
    name: keyPairName,
    publicKey: z.string().trim().min(1).max(16_384).optional(),
  }),
  eip: withChargeRule(z.strictObject({ bandwidthMbps: eipBandwidth, networkId: id.optional(), ...charge })),
  phone_network: withChargeRule(
    z.strictObject({
      name: z.string().trim().min(1).max(64),
      ipQuota: z.number().int().min(1).max(200),
      ...charge,
    }),
  ),
  backup: z.strictObject({
    phoneInstanceId: id,
    name: z.string().trim().min(3).max(128),
    description: z.string().max(500).optional(),
  }),
  proxy: withChargeRule(z.strictObject({ poolId: id, protocol: z.enum(PROXY_PROTOCOLS), ...charge })),
};

type ParamSchemas = {
  [K in CloudKind]: { [A in CloudAction<K>]: z.ZodType<CloudActionParams[K][A]> };
};

const force = z.strictObject({ force: z.boolean().optional() });

export const PARAM_SCHEMAS: ParamSchemas = {
  desktop: {
    start: noParams,
    stop: noParams,
    reboot: noParams,
    rebuild: z.strictObject({ imageId: id.optional() }),
    reset: noParams,
    modify_spec: z.strictObject({
      bundleId: id.optional(),
      cpu: cpu.optional(),
      memoryGiB: memory.optional(),
      systemDiskGiB: systemDisk.optional(),
      dataDiskGiB: dataDisk.optional(),
    }),
    migrate: z.strictObject({ officeSiteId: id }),
    disconnect: noParams,
    renew,
    rename,
    set_policy: z.strictObject({ policyId: id }),
    assign_user: z.strictObject({ endUserId: z.string().trim().min(1).max(64).nullable() }),
  },
  office_site: {
    modify_bandwidth: z.strictObject({ bandwidthMbps: officeBandwidth }),
    renew,
    rename,
  },
  policy: {
    modify: z.strictObject(policyFields).partial(),
  },
  phone: {
    start: noParams,
    stop: force,
    reboot: force,
    screen_input: z.strictObject({ key: z.enum(PHONE_SCREEN_KEYS), app: id.optional() }),
    reset: noParams,
    modify_spec: z.strictObject({
      specId: id.optional(),
      cpu: cpu.optional(),
      memoryGiB: memory.optional(),
      diskGiB: z.number().int().min(8).max(1024).optional(),
    }),
    renew,
    rename: z.strictObject({ name: phoneName }),
    attach_key: z.strictObject({ keyPairId: id }),
    detach_key: noParams,
    enable_adb: noParams,
    disable_adb: noParams,
    install_app: z.strictObject({
      appId: id,
      versionName: z.string().trim().min(1).max(128),
      versionCode: z.number().int().min(0),
      md5: z.string().regex(/^[0-9a-f]{32}$/, "the APK file's MD5, 32 lowercase hex digits"),
    }),
    uninstall_app: z.strictObject({ appId: id }),
    replace: z.strictObject({
      brand: z.string().trim().min(1).max(40),
      model: z.string().trim().min(1).max(60),
      country: z
        .string()
        .regex(/^[A-Z]{2}$/, 'an ISO country code such as CN')
        .optional(),
    }),
    set_proxy: z.strictObject({
      proxy: z
        .strictObject({
          protocol: z.enum(PROXY_PROTOCOLS),
          host: z.string().trim().min(1).max(255),
          port: z.number().int().min(1).max(65_535),
          username: z.string().max(255),
          password: z.string().max(255),
        })
        .nullable(),
    }),
  },
  key_pair: {
    rename: z.strictObject({ name: keyPairName }),
  },
  eip: {
    bind: z.strictObject({ instanceId: id }),
    unbind: noParams,
    modify_bandwidth: z.strictObject({ bandwidthMbps: eipBandwidth }),
    renew,
    leave_network: noParams,
  },
  phone_network: {
    renew,
    rename,
  },
  backup: {
    recover: z.strictObject({ phoneInstanceId: id.optional() }),
    rename: z.strictObject({
      name: z.string().trim().min(3).max(128),
      description: z.string().max(500).optional(),
    }),
  },
  proxy: {
    renew,
  },
};

/** The issues of a failed parse as one line: `field: message; field: message`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}
