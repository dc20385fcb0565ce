/**
 * The phone tools (spec §7 Cloud phone): a shell command run on a running phone, ADB switched on
 * and off, contacts imported from an uploaded .vcf or .csv file. Every route sits under
 * /user/ph/phone/{id} and shares the phone flag's 403.
 */
import { z } from 'zod';
import { ErrorCode } from './errors';
import { PHONE_COMMAND_MAX_LENGTH } from './phone-ops-constants';
import { phoneSchema } from './phones';

/** POST /user/ph/phone/{id}/run_command: one shell command, 1–1024 characters. */
export const runCommandBody = z.object({
  command: z
    .string()
    .trim()
    .min(1, { error: ErrorCode.PHONE_COMMAND_INVALID })
    .max(PHONE_COMMAND_MAX_LENGTH, { error: ErrorCode.PHONE_COMMAND_INVALID }),
});
export type RunCommandBody = z.infer<typeof runCommandBody>;

/** What the command printed (stdout and stderr together) and its exit code (127: no such command). */
export const runCommandSchema = z.object({ output: z.string(), exit_code: z.number().int() });
export type RunCommandResult = z.infer<typeof runCommandSchema>;

/**
 * POST /user/ph/phone/{id}/enable_adb and close_adb: the address to `adb connect` to while ADB is
 * on (null after close, or while the cloud has not confirmed yet), and the phone after the change.
 */
export const phoneAdbSchema = z.object({ adb_address: z.string().nullable(), phone: phoneSchema });
export type PhoneAdbResult = z.infer<typeof phoneAdbSchema>;

/**
 * POST /user/ph/phone/{id}/import_contacts: `file` is what POST /common/upload answered (its
 * `fileName`, or its `url`), a .vcf or .csv of the caller's.
 */
export const importContactsBody = z.object({ file: z.string().trim().min(1).max(300) });
export type ImportContactsBody = z.infer<typeof importContactsBody>;

/** Contacts added to the phone, and entries of the file left out (no name or no usable number). */
export const importContactsSchema = z.object({
  imported: z.number().int(),
  skipped: z.number().int(),
});
export type ImportContactsResult = z.infer<typeof importContactsSchema>;
