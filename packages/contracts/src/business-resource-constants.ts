/** The operators' resource actions (issue 18, part B4), zod-free so the web reads them from core. */

/** What an operator may do to a customer's resource (the buttons a row offers). */
export const OPERATOR_RESOURCE_ACTIONS = [
  'start',
  'stop',
  'force_stop',
  'release',
  'extend',
  'reconcile',
] as const;
export type OperatorResourceAction = (typeof OPERATOR_RESOURCE_ACTIONS)[number];

/** What a release gives back: nothing, the unused share of the term, or everything paid. */
export const RESOURCE_REFUND_RULES = ['none', 'prorated', 'full'] as const;
export type ResourceRefundRule = (typeof RESOURCE_REFUND_RULES)[number];

/** The actions the history records. */
export const RESOURCE_HISTORY_ACTIONS = OPERATOR_RESOURCE_ACTIONS;
export type ResourceHistoryAction = OperatorResourceAction;

/** The operator's resource permissions (the menu seed's buttons). */
export const BUSINESS_RESOURCE_PERMS = {
  list: 'business:resource:list',
  query: 'business:resource:query',
  operate: 'business:resource:operate',
  release: 'business:resource:release',
  extend: 'business:resource:extend',
  export: 'business:resource:export',
} as const;
