/**
 * Limits of the phone tools (spec §7 Cloud phone: run_command, ADB, import_contacts), zod-free so
 * the console's dialogs check what the server checks.
 */

/** A command sent to POST /user/ph/phone/{id}/run_command: 1–1024 characters. */
export const PHONE_COMMAND_MAX_LENGTH = 1024;

/** The contacts files POST /user/ph/phone/{id}/import_contacts reads (uploaded through /common/upload). */
export const CONTACTS_FILE_TYPES = ['vcf', 'csv'] as const;
export type ContactsFileType = (typeof CONTACTS_FILE_TYPES)[number];

/** At most this many contacts (vCards or CSV rows) in one file. */
export const CONTACTS_MAX_ROWS = 5000;
