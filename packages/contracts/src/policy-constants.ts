/** Policy permission values (spec §3 Policy), zod-free for the console's forms. */

/** Clipboard between the user's computer and the desktop: off, one way, or both. */
export const POLICY_CLIPBOARD_MODES = ['off', 'read', 'write', 'readwrite'] as const;
export type PolicyClipboardMode = (typeof POLICY_CLIPBOARD_MODES)[number];

/** Local disk mapping: off, read-only, or read and write. */
export const POLICY_LOCAL_DRIVE_MODES = ['off', 'read', 'readwrite'] as const;
export type PolicyLocalDriveMode = (typeof POLICY_LOCAL_DRIVE_MODES)[number];
