/**
 * The operators' customer pages (issue 18, `/business/customer`): the list with what each customer
 * holds and spends, one customer's detail tabs and their settings. Customers are main accounts
 * holding the customer role and no operator role (docs/architecture.md, "Operator console, part 2").
 * Money is a decimal dollar string, as everywhere in the API.
 */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { exportOptions, optional, timeWindow } from './filters';
import { EXPORT_FORMATS } from './organization';
import { CUSTOMER_NOTE_MAX, CUSTOMER_SORTS, SUB_ACCOUNT_MAX_LIMIT } from './business-customer-constants';
import { NORMAL_DISABLE, ORDER_PRODUCT_TYPES } from './statuses';

/** A filter amount: dollars with at most 2 decimals. */
const dollars = z
  .string()
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, ErrorCode.VALIDATION_FAILED);
const text = (max: number) => z.string().trim().max(max);

const customerFilters = {
  /** Part of the e-mail or nickname, case-insensitive. */
  email: optional(text(254)),
  nickname: optional(text(30)),
  status: optional(z.enum(NORMAL_DISABLE)),
  /** This department and every one below it. */
  deptId: optional(z.coerce.number().int().positive()),
  ownerOperatorId: optional(z.coerce.number().int().positive()),
  /** Wallet balance from / up to (inclusive), dollars. */
  balanceMin: optional(dollars),
  balanceMax: optional(dollars),
  /** '1': only customers with a resource stopped for arrears. */
  arrears: optional(z.enum(['1'])),
  ...timeWindow.shape,
};
export const customerListQuery = pageQuery.extend({
  ...customerFilters,
  sort: optional(z.enum(CUSTOMER_SORTS)).default('created'),
  order: optional(z.enum(['asc', 'desc'])).default('desc'),
});
export type CustomerListQuery = z.input<typeof customerListQuery>;
export const customerExportBody = z.object({
  ...customerFilters,
  format: z.enum(EXPORT_FORMATS).default('xlsx'),
  ...exportOptions.shape,
});
/** The filters as the server reads them (parsed). */
export type CustomerFilterValues = Omit<z.output<typeof customerExportBody>, 'format' | 'time_zone'>;

const account = z.object({ userId: z.number().int(), email: z.string() });

export const customerSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  /** RuoYi's flag: '0' enabled, '1' disabled. */
  status: z.enum(NORMAL_DISABLE),
  balance: z.string(),
  /** Paid top-ups credited, all time (bonuses not included). */
  topupTotal: z.string(),
  /** Charges less refunds: this calendar month (UTC) and all time. */
  spentMonth: z.string(),
  spentTotal: z.string(),
  /** Live (not deleted) resources. */
  desktops: z.number().int(),
  phones: z.number().int(),
  /** Office networks, elastic IPs and phone networks. */
  networks: z.number().int(),
  subAccounts: z.number().int(),
  invitedBy: account.nullable(),
  deptId: z.number().int().nullable(),
  deptName: z.string(),
  owner: account.nullable(),
  phWhiteUser: z.number().int(),
  createTime: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerDetailSchema = customerSchema.extend({
  holdBalance: z.string(),
  /** The limit in force: the customer's own, else the setting's. */
  maxSubAccounts: z.number().int(),
  /** Whether `maxSubAccounts` is the customer's own (false: the default setting). */
  maxSubAccountsCustom: z.boolean(),
  inviteCode: z.string(),
  language: z.string(),
  loginDate: z.string().nullable(),
  loginIp: z.string().nullable(),
  /** Whether the customer has a resource stopped for arrears. */
  arrears: z.boolean(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerParams = z.object({ userId: z.coerce.number().int().positive() });
export const customerSessionParams = customerParams.extend({ sessionId: z.uuid() });

/** PUT /business/customer/{userId}/settings: each field left out stays as it is. */
export const customerSettingsBody = z
  .object({
    phWhiteUser: z.union([z.literal(0), z.literal(1)]).optional(),
    /** null: follow the default setting. */
    maxSubAccounts: z.number().int().min(0).max(SUB_ACCOUNT_MAX_LIMIT).nullable().optional(),
    deptId: z.number().int().positive().optional(),
    /** null: nobody. */
    ownerOperatorId: z.number().int().positive().nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), ErrorCode.VALIDATION_FAILED);
export type CustomerSettingsBody = z.infer<typeof customerSettingsBody>;

export const customerStatusBody = z.object({ status: z.enum(NORMAL_DISABLE) });

export const customerResourceQuery = pageQuery.extend({
  kind: optional(z.enum(ORDER_PRODUCT_TYPES)),
  /** '1': released and deleted ones too. */
  withDeleted: optional(z.enum(['1'])),
});
export type CustomerResourceQuery = z.input<typeof customerResourceQuery>;
export const customerResourceSchema = z.object({
  resourceId: z.string(),
  kind: z.enum(ORDER_PRODUCT_TYPES),
  name: z.string(),
  status: z.string(),
  regionName: z.string().nullable(),
  billingMethod: z.string(),
  expireTime: z.string().nullable(),
  createTime: z.string(),
  deleteTime: z.string().nullable(),
});
export type CustomerResource = z.infer<typeof customerResourceSchema>;

export const subAccountSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  nickname: z.string(),
  status: z.enum(NORMAL_DISABLE),
  loginDate: z.string().nullable(),
  createTime: z.string(),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

export const customerSessionSchema = z.object({
  sessionId: z.uuid(),
  ip: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  loginTime: z.string(),
  lastSeenTime: z.string(),
});
export type CustomerSession = z.infer<typeof customerSessionSchema>;

export const customerNoteBody = z.object({
  body: z
    .string()
    .trim()
    .min(1, ErrorCode.VALIDATION_FAILED)
    .max(CUSTOMER_NOTE_MAX, ErrorCode.VALIDATION_FAILED),
});
export const customerNoteSchema = z.object({
  noteId: z.number().int(),
  body: z.string(),
  author: account.nullable(),
  createTime: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

/** What the settings form chooses from: departments and operators inside the caller's scope. */
export const customerOptionsSchema = z.object({
  depts: z.array(z.object({ deptId: z.number().int(), deptName: z.string(), parentId: z.number().int() })),
  operators: z.array(account.extend({ nickname: z.string() })),
  maxSubAccountsDefault: z.number().int(),
});
export type CustomerOptions = z.infer<typeof customerOptionsSchema>;

export const customerPageSchema = pageOf(customerSchema);
export type CustomerPage = z.infer<typeof customerPageSchema>;
