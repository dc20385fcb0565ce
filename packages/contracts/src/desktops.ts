/**
 * Cloud computers (spec §3 Cloud computer, §4 Cloud computer statuses, §7 Desktops): the purchase,
 * the customer's list and the run-status actions.
 */
import { z } from 'zod';
import { SUB_ACCOUNT_PERMISSIONS } from './sub-account-constants';
import {
  billingMethodField,
  idField as id,
  periodField,
  quantityField,
  requirePeriod,
  systemDiskField,
  textField as text,
} from './catalog';
import { batchResultOf } from './batch';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional, resourceListFilter } from './filters';
import { orderSchema } from './orders';
import { DESKTOP_ACTIONS, FLOW_INTERVALS, MAX_BATCH_DESKTOPS } from './desktop-constants';
import { BILLING_METHODS, DESKTOP_STATUSES, RESOURCE_STATUSES } from './statuses';

/** The public id of a desktop or office network (`dt-…`, `os-…`). */
export const resourceIdField = z.string().trim().min(1).max(40);

/** POST /user/desktop: buy `quantity` cloud computers of a bundle in a region. */
export const desktopPurchaseBody = z
  .object({
    region_id: id,
    /** An office network of the caller's in the region; absent, the free network (made on first use). */
    office_site_id: optional(resourceIdField),
    bundle_id: text(60),
    image_id: text(60),
    /** GiB; the bundle's default when absent. */
    system_disk: optional(systemDiskField),
    billing_method: billingMethodField,
    /** Months (subscriptions only). */
    period: optional(periodField),
    /** Renew from the balance at expiry (subscriptions only). */
    auto_renew: z.boolean().default(false),
    quantity: quantityField.default(1),
    /** 2–64 characters; several computers are numbered name-1, name-2… */
    name: z.string().trim().min(2).max(64),
    /** The disclaimer must be agreed before purchase (spec §5). */
    agreed: z.literal(true, { error: ErrorCode.AGREEMENT_REQUIRED }),
  })
  .superRefine(requirePeriod);
export type DesktopPurchaseBody = z.input<typeof desktopPurchaseBody>;
export type DesktopPurchase = z.infer<typeof desktopPurchaseBody>;

/** The answer of a purchase: the order, and the computers it is making. */
export const desktopPurchaseSchema = z.object({
  order: orderSchema,
  desktop_ids: z.array(z.string()),
  /** The office network the computers join. */
  office_site_id: z.string(),
});
export type DesktopPurchaseResult = z.infer<typeof desktopPurchaseSchema>;

/** GET /user/desktop: every filter optional; the window matches `expire_time` (subscriptions). */
export const desktopListQuery = pageQuery.extend({
  ...resourceListFilter.shape,
  status: optional(z.enum([...DESKTOP_STATUSES])),
  office_site_id: optional(resourceIdField),
});
export type DesktopListQuery = z.input<typeof desktopListQuery>;

/** One cloud computer as the list shows it. */
export const desktopSchema = z.object({
  desktop_id: z.string(),
  name: z.string(),
  /** Run status (dictionary `desktop_status`). */
  status: z.enum([...DESKTOP_STATUSES]),
  /** How far creation got (dictionary `resource_status`). */
  resource_status: z.enum(RESOURCE_STATUSES),
  region_id: z.number().int().nullable(),
  office_site_id: z.string().nullable(),
  billing_method: z.enum(BILLING_METHODS),
  auto_renew: z.boolean(),
  /** End of the subscription (ISO); null for pay-as-you-go. */
  expire_time: z.string().nullable(),
  /** Pay-as-you-go: one running hour, dollars to the mill. */
  hourly_price: z.string(),
  /** Why the engine stopped it ('arrears'…), else null. */
  stop_reason: z.string().nullable(),
  created_at: z.string(),
  /** The upstream instance (null until the cloud has made it). */
  instance_id: z.string().nullable(),
  /** The catalogue type (`desktop_types.type_id`), its CPU cores and memory GiB. */
  desktop_type: z.string(),
  cpu: z.number().int(),
  memory: z.number().int(),
  /** System disk GiB. */
  system_disk: z.number().int(),
  bundle_id: z.string().nullable(),
  image_id: z.string().nullable(),
  /** The office network's bandwidth in Mbps (null while unknown). */
  bandwidth: z.number().int().nullable(),
  /** The assigned user (the end user who logs in to it), or null. */
  end_user: z.string().nullable(),
  policy_id: z.string().nullable(),
  /** Bought as a gift (cannot be renewed, spec §5). */
  gift: z.boolean(),
  private_ip: z.string().nullable(),
  /** The actions its state allows now (the state machine of spec §4), for the buttons. */
  actions: z.array(z.enum(DESKTOP_ACTIONS)),
  /** A sub-account's session only: what its binding permits on this row (SUB_ACCOUNT_PERMISSIONS; issue 21). */
  son_permissions: z.array(z.enum(SUB_ACCOUNT_PERMISSIONS)).optional(),
});
export type Desktop = z.infer<typeof desktopSchema>;
export const desktopPageSchema = pageOf(desktopSchema);
export type DesktopPage = z.infer<typeof desktopPageSchema>;

export const desktopIdParams = z.object({ desktop_id: resourceIdField });
/** `/{id}/migrate` and `/{id}/process` name the parameter `id` (spec §7). */
export const desktopIdAliasParams = z.object({ id: resourceIdField });

/** PUT /user/desktop/{desktop_id}/run_status: the user actions of spec §4. */
export const DESKTOP_RUN_ACTIONS = ['start', 'stop', 'reboot'] as const;
export type DesktopRunAction = (typeof DESKTOP_RUN_ACTIONS)[number];
export const desktopRunStatusBody = z.object({ action: z.enum(DESKTOP_RUN_ACTIONS) });
export type DesktopRunStatusBody = z.infer<typeof desktopRunStatusBody>;

/** The computer right after the action was accepted (status is the transitional one). */
export const desktopRunStatusSchema = z.object({
  desktop_id: z.string(),
  status: z.enum([...DESKTOP_STATUSES]),
});

const desktopIds = z
  .array(resourceIdField)
  .min(1, { error: ErrorCode.SELECTION_REQUIRED })
  .max(MAX_BATCH_DESKTOPS);

/** PUT /user/desktop/run_status: the same action on a selection. */
export const desktopBatchRunStatusBody = desktopRunStatusBody.extend({ desktop_ids: desktopIds });
export type DesktopBatchRunStatusBody = z.infer<typeof desktopBatchRunStatusBody>;

/**
 * The answer of every desktop batch: one entry per desktop asked for, in the order asked (see
 * `batchResultOf`).
 */
export const batchResultSchema = batchResultOf('desktop_id', DESKTOP_STATUSES);
export type BatchResult = z.infer<typeof batchResultSchema>;

// ---------------------------------------------------------------------------------------------
// Editing, renewal, configuration

/** PUT /user/desktop/{desktop_id}: rename, assign the end user, switch auto-renew (any of them). */
export const desktopUpdateBody = z
  .object({
    name: optional(z.string().trim().min(2).max(64)),
    /** The end user's login name; '' clears the assignment. */
    end_user: z
      .string()
      .trim()
      .max(64)
      .regex(/^[A-Za-z0-9_.@-]*$/, { error: ErrorCode.VALIDATION_FAILED })
      .optional(),
    /** Subscriptions only (AUTO_RENEW_REFUSED on pay-as-you-go and gifts). */
    auto_renew: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: ErrorCode.VALIDATION_FAILED,
  });
export type DesktopUpdateBody = z.infer<typeof desktopUpdateBody>;

/** PUT /user/desktop/{desktop_id}/renew (Idempotency-Key): months from the period-discount table. */
export const desktopRenewBody = z.object({ period: periodField });
export type DesktopRenewBody = z.infer<typeof desktopRenewBody>;
export const desktopRenewSchema = z.object({ order: orderSchema, desktop: desktopSchema });
export type DesktopRenewal = z.infer<typeof desktopRenewSchema>;

/**
 * POST /user/desktop/{desktop_id}/spec (Idempotency-Key): a shut-down desktop gets another type
 * and/or a larger system disk (80–500 step 10, never smaller: SYSTEM_DISK_SHRINK). The price is
 * GET /user/modify_spec_price's; a subscription pays the prorated difference now (order action
 * upgrade), pay-as-you-go pays the new hourly price from now on.
 */
export const desktopSpecBody = z
  .object({
    desktop_type: optional(text(60)),
    system_disk: optional(systemDiskField),
  })
  .refine((body) => body.desktop_type !== undefined || body.system_disk !== undefined, {
    error: ErrorCode.SPEC_UNCHANGED,
  });
export type DesktopSpecBody = z.infer<typeof desktopSpecBody>;
/** The change: its order (null when nothing was payable) and the desktop after it. */
export const desktopSpecSchema = z.object({ order: orderSchema.nullable(), desktop: desktopSchema });
export type DesktopSpecChange = z.infer<typeof desktopSpecSchema>;

/** PUT /user/desktop/batch_rebuild: reinstall the system (running or shut down only). */
export const desktopBatchRebuildBody = z.object({
  desktop_ids: desktopIds,
  /** Another image (system or the caller's own, same platform); absent, the current one. */
  image_id: optional(text(60)),
});
export type DesktopBatchRebuildBody = z.infer<typeof desktopBatchRebuildBody>;

/** POST /user/desktop/{id}/migrate: move to another office network of the same region. */
export const desktopMigrateBody = z.object({ office_site_id: resourceIdField });
export type DesktopMigrateBody = z.infer<typeof desktopMigrateBody>;
/** POST /user/desktop/batch_migrate. */
export const desktopBatchMigrateBody = desktopMigrateBody.extend({ desktop_ids: desktopIds });
export type DesktopBatchMigrateBody = z.infer<typeof desktopBatchMigrateBody>;

// ---------------------------------------------------------------------------------------------
// Regions, accounts, connection

/** GET /user/desktop/region_count and /user/office_site/region_count: live resources per region. */
export const regionCountSchema = z.array(z.object({ region_id: z.number().int(), count: z.number().int() }));
export type RegionCount = z.infer<typeof regionCountSchema>;

/** GET /user/desktop/{desktop_id}/accounts: the end users who can log in to the desktop. */
export const desktopAccountSchema = z.object({
  user_name: z.string(),
  /** Sessions of this user connected now. */
  connected_sessions: z.number().int(),
});
export const desktopAccountsSchema = z.array(desktopAccountSchema);
export type DesktopAccount = z.infer<typeof desktopAccountSchema>;

/** GET /user/desktop/{desktop_id}/son_account: the caller's sub-accounts bound to the desktop. */
export const desktopSubAccountSchema = z.object({
  account_id: z.number().int(),
  nickname: z.string(),
  email: z.string(),
  /** '0' enabled, '1' disabled (dictionary sys_normal_disable). */
  status: z.string(),
  bound_at: z.string(),
});
export const desktopSubAccountsSchema = z.array(desktopSubAccountSchema);
export type DesktopSubAccount = z.infer<typeof desktopSubAccountSchema>;

/** POST /user/wy_auth/get_login_token: a ticket the desktop client connects with (running only). */
export const loginTokenBody = z.object({ desktop_id: resourceIdField });
export const loginTokenSchema = z.object({
  desktop_id: z.string(),
  ticket: z.string(),
  expire_time: z.string(),
  /** The simulated cloud's connection page for this ticket (a browser stands in for the client). */
  connect_url: z.string(),
});
export type LoginToken = z.infer<typeof loginTokenSchema>;

/** GET /config/EXE_URL: where the desktop client is downloaded (operator setting `EXE_URL`). */
export const exeUrlSchema = z.string();

// ---------------------------------------------------------------------------------------------
// Monitoring (spec §9: traffic intervals per minute, 15 minutes, hour)

/** An instant with its offset. */
const instant = z.iso.datetime({ offset: true });

/** A time range and its step; absent `start`/`end` mean the last hour up to now. */
export const metricRangeQuery = z.object({
  interval: z.enum(FLOW_INTERVALS).default('1m'),
  start: optional(instant),
  end: optional(instant),
});
export type MetricRangeQuery = z.input<typeof metricRangeQuery>;

/** GET /user/desktop/{desktop_id}/network_flow and /user/office_site/{id}/network_flow. */
export const networkFlowSchema = z.object({
  interval: z.enum(FLOW_INTERVALS),
  points: z.array(
    z.object({
      /** Start of the step (ISO). */
      time: z.string(),
      in_bytes: z.number(),
      out_bytes: z.number(),
      /** Average bits per second over the step. */
      in_bps: z.number(),
      out_bps: z.number(),
    }),
  ),
  total_in_bytes: z.number(),
  total_out_bytes: z.number(),
  /** What the traffic of the range costs at the catalogue rate ("0.077" per GB), or null when free. */
  traffic_price: z.string().nullable(),
});
export type NetworkFlow = z.infer<typeof networkFlowSchema>;

/** GET /user/desktop/{desktop_id}/real_time_data: usage percentages and bandwidth over the range. */
export const realTimeDataSchema = z.object({
  interval: z.enum(FLOW_INTERVALS),
  points: z.array(
    z.object({
      time: z.string(),
      cpu: z.number(),
      memory: z.number(),
      disk: z.number(),
      bandwidth_in: z.number(),
      bandwidth_out: z.number(),
    }),
  ),
});
export type RealTimeData = z.infer<typeof realTimeDataSchema>;

/** GET /user/desktop/{id}/process: what runs in the desktop now (running only). */
export const desktopProcessSchema = z.object({
  pid: z.number().int(),
  name: z.string(),
  user: z.string(),
  cpu_percent: z.number(),
  memory_mib: z.number(),
});
export const desktopProcessesSchema = z.array(desktopProcessSchema);
export type DesktopProcess = z.infer<typeof desktopProcessSchema>;
