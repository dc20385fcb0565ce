/**
 * Elastic IPs and custom phone networks (spec §3 IP or EIP, Custom phone network; §4 IP rules and
 * Expiry; §5 Resources; §7 Cloud phone EIP and Phone networks). Both sit under `/user/ph/*`, so a
 * customer without the phone flag gets 403 PHONE_ACCESS_DENIED. Bandwidth has two ranges (spec §5):
 * the EIP purchase form 1–1000 Mbps, an EIP bought into a phone network 5–200 Mbps.
 */
import { z } from 'zod';
import { PHONE_NETWORK_QUOTA_MAX } from './catalog-constants';
import { eipBandwidthField, idField as id, periodField, quantityField } from './catalog';
import { resourceIdField } from './desktops';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional, resourceListFilter } from './filters';
import { orderSchema } from './orders';
import { BILLING_METHODS } from './statuses';
import {
  EIP_ACTIONS,
  EIP_NAME_MAX,
  EIP_VIEW_STATUSES,
  EXPIRY_STATES,
  isPhoneNetworkEipBandwidth,
  MAX_BATCH_EIPS,
  PHONE_NETWORK_ACTIONS,
  PHONE_NETWORK_NAME_MAX,
  PHONE_NETWORK_STATUSES,
} from './network-constants';

const eipName = z.string().trim().min(1).max(EIP_NAME_MAX);

/** An address bought into a phone network takes that network's narrower range. */
function networkBandwidth(
  value: { bandwidth: number; u_network_id?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.u_network_id !== undefined && !isPhoneNetworkEipBandwidth(value.bandwidth)) {
    ctx.addIssue({
      code: 'custom',
      path: ['bandwidth'],
      message: ErrorCode.PHONE_NETWORK_EIP_BANDWIDTH_RANGE,
    });
  }
}

const eipOrder = {
  region_id: id,
  /** Mbps: 1–1000, or 5–200 into a phone network. */
  bandwidth: eipBandwidthField,
  /** Months. */
  period: periodField,
  quantity: quantityField.default(1),
  /** Into this custom phone network (of the same region), within its quota. */
  u_network_id: optional(resourceIdField),
};

/** GET /user/ph/eip/price: what POST /user/ph/eip charges. */
export const eipPriceQuery = z.object(eipOrder).superRefine(networkBandwidth);
export type EipPriceQuery = z.input<typeof eipPriceQuery>;

/** POST /user/ph/eip (Idempotency-Key). */
export const eipPurchaseBody = z
  .object({
    ...eipOrder,
    /** Several are named name-1, name-2…; default "EIP". */
    name: eipName.default('EIP'),
    auto_renew: z.boolean().default(false),
    agreed: z.literal(true, { error: ErrorCode.AGREEMENT_REQUIRED }),
  })
  .superRefine(networkBandwidth);
export type EipPurchaseBody = z.input<typeof eipPurchaseBody>;
export type EipPurchase = z.infer<typeof eipPurchaseBody>;

export const eipPurchaseSchema = z.object({ order: orderSchema, eip_ids: z.array(z.string()) });
export type EipPurchaseResult = z.infer<typeof eipPurchaseSchema>;

/** GET /user/ph/eip: every filter optional. */
export const eipListQuery = pageQuery.extend({
  ...resourceListFilter.shape,
  status: optional(z.enum(EIP_VIEW_STATUSES)),
  /** Part of the address. */
  address: optional(z.string().trim().max(45)),
  /** The addresses of one phone network. */
  u_network_id: optional(resourceIdField),
});
export type EipListQuery = z.input<typeof eipListQuery>;

/** One elastic IP (spec §3 IP or EIP). */
export const eipSchema = z.object({
  eip_id: z.string(),
  name: z.string(),
  /** The public address (null until the cloud has made it). */
  address: z.string().nullable(),
  status: z.enum(EIP_VIEW_STATUSES),
  /** Mbps as bought or changed (the sweep's 1 Mbps limit shows in `expiry_state`). */
  bandwidth: z.number().int(),
  /** The phone the address is bound to, and its name; null while unallocated. */
  bound_instance: z.string().nullable(),
  bound_instance_name: z.string().nullable(),
  u_network_id: z.string().nullable(),
  region_id: z.number().int().nullable(),
  billing_method: z.enum(BILLING_METHODS),
  expired_at: z.string().nullable(),
  expiry_state: z.enum(EXPIRY_STATES),
  auto_renew: z.boolean(),
  created_at: z.string(),
  actions: z.array(z.enum(EIP_ACTIONS)),
});
export type Eip = z.infer<typeof eipSchema>;
export const eipPageSchema = pageOf(eipSchema);
export type EipPage = z.infer<typeof eipPageSchema>;

export const eipIdParams = z.object({ id: resourceIdField });
export const eipMonitorParams = z.object({ eip_id: resourceIdField });

/** POST /user/ph/eip/bind: only an unallocated address, to one of the caller's phones of its region. */
export const eipBindBody = z.object({ eip_id: resourceIdField, phone_id: resourceIdField });
export type EipBindBody = z.infer<typeof eipBindBody>;
/** POST /user/ph/eip/unbind: only an allocated address. */
export const eipUnbindBody = z.object({ eip_id: resourceIdField });

/** PUT /user/ph/eip/{id}: at least one field. */
export const eipUpdateBody = z
  .object({
    name: optional(eipName),
    /** Only while bound; a raise pays the prorated difference (Idempotency-Key then). */
    bandwidth: optional(eipBandwidthField),
    auto_renew: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: ErrorCode.VALIDATION_FAILED,
  });
export type EipUpdateBody = z.input<typeof eipUpdateBody>;
export const eipUpdateSchema = z.object({ order: orderSchema.nullable(), eip: eipSchema });

/** GET /user/ph/eip/{id}/bandwidth_price: what PUT with this bandwidth charges now. */
export const eipBandwidthQuery = z.object({ bandwidth: eipBandwidthField });

const eipIds = z.array(resourceIdField).min(1, { error: ErrorCode.SELECTION_REQUIRED }).max(MAX_BATCH_EIPS);

/** POST /user/ph/eip/renew (Idempotency-Key): addresses of one region, all or none. */
export const eipRenewBody = z.object({ eip_ids: eipIds, period: periodField });
export type EipRenewBody = z.infer<typeof eipRenewBody>;
/** GET /user/ph/eip/renew_price: `eip_ids` comma-separated. */
export const eipRenewPriceQuery = z.object({
  eip_ids: z
    .string()
    .transform((value) => value.split(',').filter((part) => part !== ''))
    .pipe(eipIds),
  period: periodField,
});
export const eipRenewSchema = z.object({ orders: z.array(orderSchema), eips: z.array(eipSchema) });
export type EipRenewResult = z.infer<typeof eipRenewSchema>;

// ---------------------------------------------------------------------------------------------
// Custom phone networks

export const phoneNetworkQuotaField = z.coerce
  .number({ error: ErrorCode.PHONE_NETWORK_QUOTA_RANGE })
  .int({ error: ErrorCode.PHONE_NETWORK_QUOTA_RANGE })
  .min(1, { error: ErrorCode.PHONE_NETWORK_QUOTA_RANGE })
  .max(PHONE_NETWORK_QUOTA_MAX, { error: ErrorCode.PHONE_NETWORK_QUOTA_RANGE });

/** GET /user/ph/ph_u_network/price. */
export const phoneNetworkPriceQuery = z.object({ region_id: id, period: periodField });

/** A phone network's name, at creation and on a rename. */
const phoneNetworkNameField = z.string().trim().min(1).max(PHONE_NETWORK_NAME_MAX);

/** POST /user/ph/ph_u_network/create (Idempotency-Key). */
export const phoneNetworkCreateBody = z.object({
  name: phoneNetworkNameField,
  region_id: id,
  /** How many EIPs (a phone behind each) it holds. */
  quota: phoneNetworkQuotaField,
  period: periodField,
  auto_renew: z.boolean().default(false),
  agreed: z.literal(true, { error: ErrorCode.AGREEMENT_REQUIRED }),
});
export type PhoneNetworkCreateBody = z.input<typeof phoneNetworkCreateBody>;

export const phoneNetworkListQuery = pageQuery.extend({
  name: optional(z.string().trim().max(64)),
  region_id: optional(z.coerce.number().int().positive()),
});
export type PhoneNetworkListQuery = z.input<typeof phoneNetworkListQuery>;

/** One custom phone network (spec §3 Custom phone network). */
export const phoneNetworkSchema = z.object({
  u_network_id: z.string(),
  name: z.string(),
  status: z.enum(PHONE_NETWORK_STATUSES),
  region_id: z.number().int().nullable(),
  quota: z.number().int(),
  /** Live EIPs in it, and how many of those have a phone behind them. */
  eip_count: z.number().int(),
  bound_count: z.number().int(),
  /** Addresses it may still take (quota − eip_count), and phones it may still take (eip_count − bound_count). */
  remaining_ips: z.number().int(),
  remaining_phones: z.number().int(),
  billing_method: z.enum(BILLING_METHODS),
  expired_at: z.string().nullable(),
  expiry_state: z.enum(EXPIRY_STATES),
  auto_renew: z.boolean(),
  created_at: z.string(),
  actions: z.array(z.enum(PHONE_NETWORK_ACTIONS)),
});
export type PhoneNetwork = z.infer<typeof phoneNetworkSchema>;
export const phoneNetworkPageSchema = pageOf(phoneNetworkSchema);
export type PhoneNetworkPage = z.infer<typeof phoneNetworkPageSchema>;

export const phoneNetworkCreateSchema = z.object({ order: orderSchema, u_network_id: z.string() });
export const phoneNetworkIdParams = z.object({ id: resourceIdField });
export const phoneNetworkRenewBody = z.object({ period: periodField });
export const phoneNetworkRenewSchema = z.object({ order: orderSchema, network: phoneNetworkSchema });

/** PUT /user/ph/ph_u_network/{id}: a new name (as at creation), auto-renew on or off. */
export const phoneNetworkUpdateBody = z
  .object({ name: phoneNetworkNameField.optional(), auto_renew: z.boolean().optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: ErrorCode.VALIDATION_FAILED,
  });
export type PhoneNetworkUpdateBody = z.input<typeof phoneNetworkUpdateBody>;

/** POST /user/ph/ph_u_network/{u_network_id}/eip/{eip_id}/bind_ph and …/eip/unbind_ph. */
export const phoneNetworkEipParams = z.object({ u_network_id: resourceIdField, eip_id: resourceIdField });
export const phoneNetworkParams = z.object({ u_network_id: resourceIdField });
export const phoneNetworkPhoneBody = z.object({ phone_id: resourceIdField });
