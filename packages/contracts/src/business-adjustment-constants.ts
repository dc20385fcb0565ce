/** Balance adjustments and support sessions: the zod-free values (the web imports them from `core`). */
export const ADJUSTMENT_DIRECTIONS = ['credit', 'debit'] as const;
export type AdjustmentDirection = (typeof ADJUSTMENT_DIRECTIONS)[number];
export const ADJUSTMENT_STATUSES = ['pending', 'posted', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
/** The setting (sys_configs) above which an adjustment waits for a second operator, in dollars. */
export const ADJUSTMENT_APPROVAL_SETTING = 'ADJUSTMENT_APPROVAL_ABOVE';
export const DEFAULT_ADJUSTMENT_APPROVAL_ABOVE = '500.00';
/**
 * The hand-off query flag of a support session: the web keeps that tab's session in
 * sessionStorage, so the operator's own session in their other tabs stays untouched.
 */
export const HANDOVER_SUPPORT_PARAM = 'support';
/** Support sessions end this long after they open, used or not. */
export const SUPPORT_SESSION_SECONDS = 3600;
