/**
 * Cloud phone value lists and limits (spec §4 Phone operations, §5 Resources), zod-free so the
 * console's phone pages use the same values the server checks.
 */

/** Run status of a cloud phone (the simulated cloud's eds-aic statuses). */
export const PHONE_STATUSES = [
  'creating',
  'starting',
  'running',
  'stopping',
  'stopped',
  'rebooting',
  'resetting',
  'deleted',
] as const;
export type PhoneStatus = (typeof PHONE_STATUSES)[number];

/** POST /user/ph/phone/action: the operations of spec §4 (reset clears the phone's data). */
export const PHONE_RUN_ACTIONS = ['start', 'stop', 'restart', 'reset'] as const;
export type PhoneRunAction = (typeof PHONE_RUN_ACTIONS)[number];

/** The phone tools (run_command, ADB, import_contacts): a running phone's, ADB needs a key pair. */
export const PHONE_TOOL_ACTIONS = ['run_command', 'enable_adb', 'close_adb', 'import_contacts'] as const;

/**
 * What the console may ask of a phone (the `actions` of a phone in the list): the run actions,
 * then the others. The server decides each from the state machine and the money rules.
 */
export const PHONE_ACTIONS = [
  ...PHONE_RUN_ACTIONS,
  'rename',
  'renew',
  'auto_renew',
  'upgrade',
  ...PHONE_TOOL_ACTIONS,
] as const;
export type PhoneAction = (typeof PHONE_ACTIONS)[number];

/** A phone's name: 2–30 characters (spec §5). */
export const PHONE_NAME_MIN = 2;
export const PHONE_NAME_MAX = 30;

/** At most this many phones in one batch request. */
export const MAX_BATCH_PHONES = 100;

/** A phone group's name: 1–30 characters (spec §3 Phone group). */
export const PHONE_GROUP_NAME_MIN = 1;
export const PHONE_GROUP_NAME_MAX = 30;

/** The group id that means "no group": moving phones to it ungroups them, filtering by it lists the ungrouped. */
export const UNGROUPED = 0;

/** An ADB key pair's name: 2–128 characters of Chinese, English letters, digits, `_` and `-` (spec §5). */
export const KEY_PAIR_NAME_PATTERN = /^[\p{Script=Han}A-Za-z0-9_-]{2,128}$/u;
