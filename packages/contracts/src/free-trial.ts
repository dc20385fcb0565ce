/**
 * Free 24-hour trials and the gift page (issue 22, part G2; spec §1, §4 Free-application statuses,
 * §5 "A region is required when applying for a trial. A messaging contact is required.", §7).
 */
import { z } from 'zod';
import { pageOf, pageQuery } from './envelope';
import { ErrorCode } from './errors';
import { optional, timeWindow } from './filters';
import { FREE_APPLY_STATUSES } from './statuses';
import {
  TRIAL_CONTACT_MAX,
  TRIAL_CONTACT_TYPES,
  TRIAL_REASON_MAX,
  TRIAL_REMARK_MAX,
} from './free-trial-constants';

/** POST /user/free_resource_apply. */
export const freeResourceApplyBody = z.object({
  region_id: z.coerce
    .number({ error: ErrorCode.TRIAL_REGION_REQUIRED })
    .int(ErrorCode.TRIAL_REGION_REQUIRED)
    .positive(ErrorCode.TRIAL_REGION_REQUIRED),
  contact_type: z.enum(TRIAL_CONTACT_TYPES, { error: ErrorCode.TRIAL_CONTACT_REQUIRED }),
  contact: z
    .string({ error: ErrorCode.TRIAL_CONTACT_REQUIRED })
    .trim()
    .min(1, ErrorCode.TRIAL_CONTACT_REQUIRED)
    .max(TRIAL_CONTACT_MAX, ErrorCode.TRIAL_CONTACT_TOO_LONG),
  remark: optional(z.string().trim().max(TRIAL_REMARK_MAX, ErrorCode.TRIAL_REMARK_TOO_LONG)),
});
export type FreeResourceApplyBody = z.input<typeof freeResourceApplyBody>;

/** One application as its customer sees it. */
export const freeResourceApplicationSchema = z.object({
  id: z.number().int(),
  region_id: z.number().int(),
  contact_type: z.enum(TRIAL_CONTACT_TYPES),
  contact: z.string(),
  remark: z.string(),
  status: z.enum(FREE_APPLY_STATUSES),
  /** The operator's reason, on a rejection. */
  reason: z.string().nullable(),
  /** The trial desktop's id once approved. */
  desktop_id: z.string().nullable(),
  /** When the trial desktop's 24 hours end (set when it first runs). */
  expires_at: z.string().nullable(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type FreeResourceApplication = z.infer<typeof freeResourceApplicationSchema>;

/** GET /user/free_resource_apply/latest: null before the first application. */
export const freeResourceLatestSchema = freeResourceApplicationSchema.nullable();

/** GET /gift_offer (public): the figures the gift page shows, each from its setting. */
export const giftOfferSchema = z.object({
  trial_hours: z.number().int(),
  /** Percent of the first top-up credited as a bonus (setting FIRST_RECHARGE_BONUS_PERCENT). */
  first_recharge_bonus_percent: z.string(),
  /** Percent of an invitee's spend earned by the inviter (setting referral.reward_percent). */
  referral_reward_percent: z.string(),
});
export type GiftOffer = z.infer<typeof giftOfferSchema>;

// ---------------------------------------------------------------------------------------------
// The operators' review (业务管理 › 试用审核)

export const trialListQuery = pageQuery.extend({
  status: optional(z.enum(FREE_APPLY_STATUSES)),
  /** The customer's e-mail, by prefix. */
  email: optional(z.string().trim().toLowerCase().max(254)),
  /** The applicant's IP, exactly. */
  ip: optional(z.string().trim().max(64)),
  ...timeWindow.shape,
});
export type TrialListQuery = z.input<typeof trialListQuery>;

/** Another application sharing this one's IP or e-mail domain (anti-abuse signal). */
export const trialRelatedSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  ip: z.string(),
  status: z.enum(FREE_APPLY_STATUSES),
  created_at: z.string(),
});
export type TrialRelated = z.infer<typeof trialRelatedSchema>;

export const trialApplicationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  region_id: z.number().int(),
  region_name: z.string(),
  contact_type: z.enum(TRIAL_CONTACT_TYPES),
  contact: z.string(),
  remark: z.string(),
  status: z.enum(FREE_APPLY_STATUSES),
  reason: z.string().nullable(),
  ip: z.string(),
  email_domain: z.string(),
  /** Other applications (in the operator's scope) from the same IP / e-mail domain. */
  same_ip: z.array(trialRelatedSchema),
  same_domain: z.array(trialRelatedSchema),
  reviewed_by_email: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  desktop_id: z.string().nullable(),
  created_at: z.string(),
});
export type TrialApplication = z.infer<typeof trialApplicationSchema>;
export const trialPageSchema = pageOf(trialApplicationSchema);

export const trialIdParams = z.object({ id: z.coerce.number().int().positive() });
export const trialRejectBody = z.object({
  reason: z
    .string({ error: ErrorCode.TRIAL_REASON_REQUIRED })
    .trim()
    .min(1, ErrorCode.TRIAL_REASON_REQUIRED)
    .max(TRIAL_REASON_MAX, ErrorCode.VALIDATION_FAILED),
});
