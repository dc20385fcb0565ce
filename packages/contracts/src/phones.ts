/**
 * Cloud phones (spec §3 Cloud phone, §4 Phone operations, §5 Resources, §7 Cloud phone): the
 * purchase, the customer's list, run actions, editing, renewal, upgrade, and the operator's
 * phone flag. Every `/user/ph/*` route answers 403 PHONE_ACCESS_DENIED without `ph_white_user`.
 */
import { z } from 'zod';
import { SUB_ACCOUNT_PERMISSIONS } from './sub-account-constants';
import { batchResultOf } from './batch';
import {
  billingMethodField,
  idField as id,
  periodField,
  quantityField,
  requirePeriod,
  textField as text,
} from './catalog';
import { resourceIdField } from './desktops';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional, resourceListFilter } from './filters';
import { orderFilter, orderSchema } from './orders';
import {
  MAX_BATCH_PHONES,
  KEY_PAIR_NAME_PATTERN,
  PHONE_ACTIONS,
  PHONE_GROUP_NAME_MAX,
  PHONE_GROUP_NAME_MIN,
  PHONE_NAME_MAX,
  PHONE_NAME_MIN,
  PHONE_RUN_ACTIONS,
  PHONE_STATUSES,
} from './phone-constants';
import { BILLING_METHODS } from './statuses';
import { PHONE_PROXY_SOURCES, PROXY_PROTOCOLS } from './proxy-constants';

/** A phone's name (spec §5: 2–30 characters). */
export const phoneNameField = z.string().trim().min(PHONE_NAME_MIN).max(PHONE_NAME_MAX);

/** A phone group's id; 0 (UNGROUPED) stands for "no group" where a route says so. */
export const phoneGroupIdField = z.coerce.number().int().nonnegative();

/** POST /user/ph/phone (Idempotency-Key): buy `quantity` cloud phones of a spec in a phone region. */
export const phonePurchaseBody = z
  .object({
    region_id: id,
    spec_id: text(60),
    /** An Android image of GET /user/ph/ph_image. */
    image_id: text(60),
    billing_method: billingMethodField,
    /** Months (subscriptions only). */
    period: optional(periodField),
    /** Renew from the balance at expiry (subscriptions only). */
    auto_renew: z.boolean().default(false),
    quantity: quantityField.default(1),
    /** 2–30 characters; several phones are numbered name-1, name-2… */
    name: phoneNameField,
    /** One of the caller's phone groups (404 PHONE_GROUP_NOT_FOUND otherwise); absent or 0: ungrouped. */
    group_id: optional(phoneGroupIdField),
    /** The disclaimer must be agreed before purchase (spec §5). */
    agreed: z.literal(true, { error: ErrorCode.AGREEMENT_REQUIRED }),
  })
  .superRefine(requirePeriod);
export type PhonePurchaseBody = z.input<typeof phonePurchaseBody>;
export type PhonePurchase = z.infer<typeof phonePurchaseBody>;

/** The answer of a purchase: the order, and the phones it is making. */
export const phonePurchaseSchema = z.object({ order: orderSchema, phone_ids: z.array(z.string()) });
export type PhonePurchaseResult = z.infer<typeof phonePurchaseSchema>;

/** GET /user/ph/phone: every filter optional; the window matches `expired_at` (subscriptions). */
export const phoneListQuery = pageQuery.extend({
  ...resourceListFilter.shape,
  status: optional(z.enum(PHONE_STATUSES)),
  /** A group's phones; 0 the ungrouped ones. */
  group_id: optional(phoneGroupIdField),
});
export type PhoneListQuery = z.input<typeof phoneListQuery>;

/** One cloud phone as the list shows it (spec §3 Cloud phone). */
export const phoneSchema = z.object({
  /** The public id (`ph-…`). */
  id: z.string(),
  name: z.string(),
  /** The customer's label for the phone; null until set. */
  display_name: z.string().nullable(),
  status: z.enum(PHONE_STATUSES),
  key_pair_id: z.string().nullable(),
  /** The phone's group; null when ungrouped. */
  group_id: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  /** The upstream instance (null until the cloud has made it). */
  instance_id: z.string().nullable(),
  region_id: z.number().int().nullable(),
  spec_id: z.string(),
  /** GiB. */
  disk: z.number().int(),
  /** GiB. */
  memory: z.number().int(),
  cpu: z.number().int(),
  billing_method: z.enum(BILLING_METHODS),
  /** End of the subscription (ISO); null for pay-as-you-go. */
  expired_at: z.string().nullable(),
  /** `default` or the custom phone network (its `u_network_id`) whose EIP the phone is behind. */
  network_type: z.string(),
  /** The elastic IP the phone is behind, and its address; null (or absent) when none. */
  eip_id: z.string().nullable().optional(),
  eip_address: z.string().nullable().optional(),
  /** The proxy the cloud applies to the phone (eds-aic NetRedirectPolicy), or null: direct. */
  proxy: z
    .object({
      source: z.enum(PHONE_PROXY_SOURCES),
      /** The residential or own proxy's id; the phone's own id for its proxy set. */
      id: z.string(),
      type: z.enum(PROXY_PROTOCOLS),
      host: z.string().nullable(),
      port: z.number().int().nullable(),
      /** A residential proxy's location. */
      country: z.string().nullable(),
      city: z.string().nullable(),
    })
    .nullable()
    .optional(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  /** Screen size in pixels, e.g. `720x1280`. */
  resolution: z.string().nullable(),
  orientation: z.string().nullable(),
  feature_level: z.string().nullable(),
  image_id: z.string().nullable(),
  private_ip: z.string().nullable(),
  /** Whether ADB is on, and the host:port to `adb connect` to while it is (null when off). */
  adb_enabled: z.boolean(),
  adb_address: z.string().nullable(),
  auto_renew: z.boolean(),
  /** Pay-as-you-go: one running hour, dollars to the mill. */
  hourly_price: z.string(),
  created_at: z.string(),
  /** What the state machine and the money rules allow now, for the buttons. */
  actions: z.array(z.enum(PHONE_ACTIONS)),
  /** A sub-account's session only: what its binding permits on this row (SUB_ACCOUNT_PERMISSIONS; issue 21). */
  son_permissions: z.array(z.enum(SUB_ACCOUNT_PERMISSIONS)).optional(),
});
export type Phone = z.infer<typeof phoneSchema>;
export type PhoneProxy = NonNullable<Phone['proxy']>;
export const phonePageSchema = pageOf(phoneSchema);
export type PhonePage = z.infer<typeof phonePageSchema>;

export const phoneIdParams = z.object({ id: resourceIdField });

/** POST /user/ph/phone/action: one operation on a selection; `force` cuts the power (stop, restart). */
export const phoneActionBody = z.object({
  action: z.enum(PHONE_RUN_ACTIONS),
  phone_ids: z.array(resourceIdField).min(1, { error: ErrorCode.SELECTION_REQUIRED }).max(MAX_BATCH_PHONES),
  force: z.boolean().optional(),
});
export type PhoneActionBody = z.infer<typeof phoneActionBody>;
/** One entry per phone asked for, in the order asked. */
export const phoneBatchResultSchema = batchResultOf('phone_id', PHONE_STATUSES);
export type PhoneBatchResult = z.infer<typeof phoneBatchResultSchema>;

/** PUT /user/ph/phone/{id}: rename (2–30), display name ('' clears it), auto-renew, group (0: none). */
export const phoneUpdateBody = z
  .object({
    name: optional(phoneNameField),
    display_name: z.string().trim().max(64).optional(),
    /** Subscriptions only (422 AUTO_RENEW_REFUSED on pay-as-you-go). */
    auto_renew: z.boolean().optional(),
    /** One of the caller's groups, or 0 to ungroup. */
    group_id: phoneGroupIdField.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: ErrorCode.VALIDATION_FAILED,
  });
export type PhoneUpdateBody = z.infer<typeof phoneUpdateBody>;

/** PUT /user/ph/phone/{id}/auto_renew: the switch on its own. */
export const phoneAutoRenewBody = z.object({ auto_renew: z.boolean() });

/** GET /user/ph/phone/{id}/renew_price and POST /{id}/renew (Idempotency-Key). */
export const phoneRenewQuery = z.object({ period: periodField });
export const phoneRenewBody = phoneRenewQuery;
export type PhoneRenewBody = z.infer<typeof phoneRenewBody>;
export const phoneRenewSchema = z.object({ order: orderSchema, phone: phoneSchema });

/** GET /user/ph/phone/{id}/upgrade_price and POST /{id}/upgrade (Idempotency-Key): another spec. */
export const phoneUpgradeQuery = z.object({ spec_id: text(60) });
export const phoneUpgradeBody = phoneUpgradeQuery;
export type PhoneUpgradeBody = z.infer<typeof phoneUpgradeBody>;
/** The upgrade: its order (null when nothing was payable) and the phone after it. */
export const phoneUpgradeSchema = z.object({ order: orderSchema.nullable(), phone: phoneSchema });

/** GET /user/ph/ph_image: the Android images a phone can be bought with. */
export const phoneImageSchema = z.object({
  image_id: z.string(),
  name: z.string(),
  android_version: z.string(),
});
export type PhoneImage = z.infer<typeof phoneImageSchema>;

/** GET /user/ph/order: the caller's phone orders (the order list's filters but the type). */
export const phoneOrderListQuery = pageQuery.extend(orderFilter.omit({ type: true }).shape);

/** PUT /system/customer/{userId}/ph_white_user (operators): open or close cloud phones for a customer. */
export const phWhiteUserParams = z.object({ userId: z.coerce.number().int().positive() });
export const phWhiteUserBody = z.object({ value: z.union([z.literal(0), z.literal(1)]) });
export const phWhiteUserSchema = z.object({ user_id: z.number().int(), ph_white_user: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Phone groups (spec §3 Phone group)

/** A group's name: 1–30 characters, unique among the customer's groups whatever its case. */
export const phoneGroupNameField = z.string().trim().min(PHONE_GROUP_NAME_MIN).max(PHONE_GROUP_NAME_MAX);

/** POST /user/ph/phone_data/group and PUT /{id}. */
export const phoneGroupBody = z.object({ name: phoneGroupNameField });
export type PhoneGroupBody = z.infer<typeof phoneGroupBody>;

export const phoneGroupParams = z.object({ id: z.coerce.number().int().positive() });
/** POST /user/ph/phone_data/group/{id}/phones: `id` 0 moves the phones out of any group. */
export const phoneGroupMoveParams = z.object({ id: phoneGroupIdField });
export const phoneGroupMoveBody = z.object({
  phone_ids: z.array(resourceIdField).min(1, { error: ErrorCode.SELECTION_REQUIRED }).max(MAX_BATCH_PHONES),
});
export type PhoneGroupMoveBody = z.infer<typeof phoneGroupMoveBody>;

export const phoneGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The group's live phones. */
  phone_count: z.number().int(),
  created_at: z.string(),
});
export type PhoneGroup = z.infer<typeof phoneGroupSchema>;

/** GET /user/ph/phone_data/group: the caller's groups (oldest first) and the phones in none. */
export const phoneGroupListSchema = z.object({
  list: z.array(phoneGroupSchema),
  ungrouped_count: z.number().int(),
});
export type PhoneGroupList = z.infer<typeof phoneGroupListSchema>;

/** The answer of a move: the group (null: ungrouped) and how many phones are in it now. */
export const phoneGroupMoveSchema = z.object({
  group_id: z.number().int().nullable(),
  moved: z.number().int(),
});

// ---------------------------------------------------------------------------------------------
// ADB key pairs (spec §3 ADB key pair, §5 key pair name, §7 ADB)

/** 2–128 characters of Chinese, English letters, digits, `_` and `-`. */
export const keyPairNameField = z
  .string()
  .trim()
  .regex(KEY_PAIR_NAME_PATTERN, { error: ErrorCode.KEY_PAIR_NAME_INVALID });

/**
 * POST /user/ph/adb/key_pair (Idempotency-Key): without `public_key` a pair is generated and its
 * private key answered once; with one (an OpenSSH public key line) it is imported.
 */
export const keyPairCreateBody = z.object({
  name: keyPairNameField,
  public_key: z.string().trim().min(1).max(16_384).optional(),
});
export type KeyPairCreateBody = z.infer<typeof keyPairCreateBody>;
export const keyPairRenameBody = z.object({ name: keyPairNameField });
export const keyPairIdParams = z.object({ id: resourceIdField });
export const keyPairAttachParams = z.object({ key_pair_id: resourceIdField });
export const keyPairAttachBody = phoneGroupMoveBody;

export const keyPairSchema = z.object({
  /** The public id (`kp-…`). */
  key_pair_id: z.string(),
  name: z.string(),
  /** `<type> <base64>` (OpenSSH). */
  public_key: z.string(),
  /** MD5 of the key, aa:bb:… */
  fingerprint: z.string(),
  /** Live phones it is attached to. */
  phone_count: z.number().int(),
  created_at: z.string(),
});
export type KeyPair = z.infer<typeof keyPairSchema>;
export const keyPairPageSchema = pageOf(keyPairSchema);
export type KeyPairPage = z.infer<typeof keyPairPageSchema>;
export const keyPairListQuery = pageQuery;
/** The create's answer: a generated pair's private key (PEM) is here, and nowhere ever again. */
export const keyPairCreatedSchema = keyPairSchema.extend({ private_key: z.string().nullable() });
export type KeyPairCreated = z.infer<typeof keyPairCreatedSchema>;
