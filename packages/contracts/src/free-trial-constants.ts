/** Free trials and the gift page (issue 22, part G2): the zod-free values (the web imports them from `core`). */

/** A trial desktop runs this many hours from the moment it first runs (spec §1, §9: "Free trial 24 hours"). */
export const TRIAL_HOURS = 24;
/** The trial's reminder goes out this many hours before its end (its own window: 3 days is longer than a trial). */
export const TRIAL_EXPIRY_NOTICE_HOURS = 2;
/** The messaging channels a trial applicant can be reached on (spec §5: a messaging contact is required). */
export const TRIAL_CONTACT_TYPES = ['telegram', 'whatsapp', 'wechat', 'qq', 'skype'] as const;
export type TrialContactType = (typeof TRIAL_CONTACT_TYPES)[number];
export const TRIAL_CONTACT_MAX = 100;
export const TRIAL_REMARK_MAX = 500;
export const TRIAL_REASON_MAX = 500;
/** The open gift page (spec §2). */
export const GIFT_PAGE_PATH = '/user/gif';
