/**
 * Cloud computer value lists and limits (spec §4, §5, §9), zod-free so the console's list, batch
 * and monitoring pages use the same values the server checks.
 */

/**
 * What the console may ask of a desktop (the `actions` of a desktop in the list): run-status
 * actions, then the others. The server decides each from the state machine.
 */
export const DESKTOP_ACTIONS = [
  'start',
  'stop',
  'reboot',
  'rebuild',
  'modify_spec',
  'migrate',
  'disconnect',
  'renew',
  'auto_renew',
  'rename',
  'set_policy',
  'connect',
] as const;
export type DesktopAction = (typeof DESKTOP_ACTIONS)[number];

/** At most this many desktops in one batch request. */
export const MAX_BATCH_DESKTOPS = 100;

/** Traffic and usage intervals: per minute, 15 minutes, hour. */
export const FLOW_INTERVALS = ['1m', '15m', '1h'] as const;
export type FlowInterval = (typeof FLOW_INTERVALS)[number];
export const FLOW_INTERVAL_SECONDS: Record<FlowInterval, number> = { '1m': 60, '15m': 900, '1h': 3600 };
/** At most this many points in one answer (a day by the minute is 1 440). */
export const MAX_METRIC_POINTS = 1500;
