/** Referral rebates and withdrawals (issue 22): the customer's `/user/referral…` and the operators' review. */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional, timeWindow } from './filters';
import { WITHDRAWAL_STATUSES } from './statuses';
import { TRC20_ADDRESS_PATTERN, TRON_TX_HASH_PATTERN, WITHDRAWAL_CHANNELS } from './referral-constants';
import { dollarAmount } from './wallet';

/** GET /user/referral: the invite code and link, the reward percentage and the earnings (dollars). */
export const referralSummarySchema = z.object({
  invite_code: z.string(),
  invite_link: z.string(),
  /** The setting `referral.reward_percent`, e.g. "5". */
  reward_percent: z.string(),
  /** The smallest withdrawal in dollars (setting `referral.min_withdrawal`). */
  min_withdrawal: z.string(),
  invitees: z.number().int(),
  earned_total: z.string(),
  withdrawable: z.string(),
  in_withdrawal: z.string(),
  withdrawn: z.string(),
});
export type ReferralSummary = z.infer<typeof referralSummarySchema>;

export const referralInviteeSchema = z.object({
  /** Masked, e.g. `al***@example.com`. */
  email: z.string(),
  joined: z.string(),
  /** What the invitee spent on resources, net of refunds (dollars). */
  total_spent: z.string(),
});
export type ReferralInvitee = z.infer<typeof referralInviteeSchema>;
export const referralInviteePageSchema = pageOf(referralInviteeSchema);

/** One spend (or refund) of an invitee and what it earned (negative: a refund's reversal). */
export const referralRewardSchema = z.object({
  id: z.number().int(),
  invitee_email: z.string(),
  /** The spend's ledger kind: purchase, renewal, upgrade, payg_hourly, traffic, or refund. */
  kind: z.string(),
  spend: z.string(),
  percent: z.string(),
  /** Credited to the rebate account now, whole cents (the rest is carried to the next spend). */
  reward: z.string(),
  create_time: z.string(),
});
export type ReferralReward = z.infer<typeof referralRewardSchema>;
export const referralRewardPageSchema = pageOf(referralRewardSchema);

export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  channel: z.enum(WITHDRAWAL_CHANNELS),
  address: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  tx_hash: z.string(),
  failure_reason: z.string(),
  create_time: z.string(),
  decided_time: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalPageSchema = pageOf(withdrawalSchema);

export const referralPageQuery = pageQuery;

/** POST /user/referral/withdrawal (Idempotency-Key). */
export const withdrawalBody = z
  .object({
    amount: dollarAmount.refine((value) => Number(value) > 0, ErrorCode.VALIDATION_FAILED),
    channel: z.enum(WITHDRAWAL_CHANNELS, { error: ErrorCode.VALIDATION_FAILED }),
    address: optional(z.string().trim().max(64)),
  })
  .superRefine((body, ctx) => {
    if (body.channel === 'address' && !(body.address && TRC20_ADDRESS_PATTERN.test(body.address)))
      ctx.addIssue({ code: 'custom', path: ['address'], message: ErrorCode.WITHDRAWAL_ADDRESS_INVALID });
  });
export type WithdrawalBody = z.input<typeof withdrawalBody>;

/** The operators' view of a withdrawal. */
export const adminWithdrawalSchema = withdrawalSchema.extend({
  userId: z.number().int(),
  customerEmail: z.string(),
  decidedByEmail: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
export const adminWithdrawalPageSchema = pageOf(adminWithdrawalSchema);

export const adminWithdrawalListQuery = pageQuery.extend({
  status: optional(z.enum(WITHDRAWAL_STATUSES)),
  channel: optional(z.enum(WITHDRAWAL_CHANNELS)),
  /** The customer's e-mail, by prefix. */
  email: optional(z.string().trim().toLowerCase().max(254)),
  ...timeWindow.shape,
});
export type AdminWithdrawalListQuery = z.input<typeof adminWithdrawalListQuery>;

export const withdrawalIdParams = z.object({ id: z.coerce.number().int().positive() });
/** Approve: the stablecoin transfer's hash. */
export const withdrawalApproveBody = z.object({
  tx_hash: z.string().trim().regex(TRON_TX_HASH_PATTERN, ErrorCode.VALIDATION_FAILED),
});
/** Reject: why (shown to the customer); the amount returns to the rebate account. */
export const withdrawalRejectBody = z.object({
  reason: z.string().trim().min(1, ErrorCode.VALIDATION_FAILED).max(500),
});
