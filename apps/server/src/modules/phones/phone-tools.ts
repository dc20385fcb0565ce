/**
 * The phone tools (spec §7 Cloud phone): a shell command on a running phone (audited in
 * `phone_commands`), ADB switched on and off through the engine, and contacts imported from a
 * .vcf or .csv file the customer uploaded through /common/upload.
 */
import { readFile } from 'node:fs/promises';
import {
  CONTACTS_FILE_TYPES,
  ErrorCode,
  STORED_FILE_NAME,
  type ContactsFileType,
  type ImportContactsResult,
  type PhoneAdbResult,
  type RunCommandResult,
} from '@cloudbay/contracts';
import { eq } from 'drizzle-orm';
import { phoneCommands } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { isCloudError } from '../../providers/cloud/types';
import { ownFile, storedNameOfResource } from '../files/service';
import { utf8Text } from '../files/magic-bytes';
import { requestAction, type ActionDeps } from '../provisioning/actions';
import { cloudErrorToAppError, withCloudRetry } from '../provisioning/cloud-calls';
import type { ResourceRow } from '../provisioning/repo';
import { parseContactsFile } from './contacts-file';
import { endCommandTask, startCommandTask } from './tasks/command-tasks';
import { phoneOfUser } from './service';
import { phoneReady, toPhone } from './view';

const notRunning = () => new AppError('conflict', ErrorCode.PHONE_NOT_RUNNING);

/** The caller's phone, running and not in the middle of a change (409 PHONE_NOT_RUNNING otherwise). */
async function runningPhoneOf(deps: ActionDeps, userId: number, phoneId: string): Promise<ResourceRow> {
  const row = await phoneOfUser(deps.database.db, userId, phoneId);
  if (!phoneReady(row)) throw notRunning();
  return row;
}

/** The cloud's refusal as the console's error; a phone the cloud finds not running is our 409. */
function toolError(error: unknown): unknown {
  return isCloudError(error, 'invalid_state') ? notRunning() : cloudErrorToAppError(error);
}

/**
 * POST /user/ph/phone/{id}/run_command: the audit row and the command's task first (so no command
 * runs unrecorded), then the command, then its exit code and the task's end with the output. A
 * command is not idempotent, so it is never retried.
 */
export async function runPhoneCommand(
  deps: ActionDeps,
  userId: number,
  phoneId: string,
  command: string,
  retryOf?: number,
): Promise<RunCommandResult> {
  const { db, pool } = deps.database;
  const row = await runningPhoneOf(deps, userId, phoneId);
  // The audit row and the task centre's task exist together, before the command goes out.
  const { auditId, taskId } = await inTransaction(pool, async (tx) => {
    const [audit] = await tx.db
      .insert(phoneCommands)
      .values({
        userId: row.userId,
        actorUserId: userId,
        resourceId: row.id,
        phoneId: row.resourceId,
        command,
      })
      .returning({ id: phoneCommands.id });
    return {
      auditId: audit!.id,
      taskId: await startCommandTask(tx, deps.jobs, row, userId, command, retryOf),
    };
  });
  const result = await deps.cloud.runCommand(row.instanceId!, command).catch(async (error: unknown) => {
    const refusal = toolError(error);
    await endCommandTask(pool, taskId, { error: refusal });
    throw refusal;
  });
  await db.update(phoneCommands).set({ exitCode: result.exitCode }).where(eq(phoneCommands.id, auditId));
  await endCommandTask(pool, taskId, result);
  return { output: result.output, exit_code: result.exitCode };
}

const adbAnswer = (row: ResourceRow): PhoneAdbResult => {
  const phone = toPhone(row);
  return { adb_address: phone.adb_address, phone };
};

/**
 * POST /user/ph/phone/{id}/enable_adb: a running phone with a key pair attached (409
 * ADB_KEY_PAIR_REQUIRED, PHONE_NOT_RUNNING); the engine's `enable_adb`, whose answer carries the
 * address (null while the cloud has not confirmed; the refresh job repeats the call).
 */
export async function enablePhoneAdb(deps: ActionDeps, userId: number, phoneId: string) {
  const row = await phoneOfUser(deps.database.db, userId, phoneId);
  if (typeof row.spec.keyPairId !== 'string') throw new AppError('conflict', ErrorCode.ADB_KEY_PAIR_REQUIRED);
  if (!phoneReady(row)) throw notRunning();
  return adbAnswer(await requestAction(deps, row, 'enable_adb'));
}

/** POST /user/ph/phone/{id}/close_adb: the engine's `disable_adb` (running or stopped). */
export async function closePhoneAdb(deps: ActionDeps, userId: number, phoneId: string) {
  const row = await phoneOfUser(deps.database.db, userId, phoneId);
  return adbAnswer(await requestAction(deps, row, 'disable_adb'));
}

const isContactsType = (ext: string): ext is ContactsFileType =>
  (CONTACTS_FILE_TYPES as readonly string[]).includes(ext);

/** The text of one of the caller's uploads that is a .vcf or .csv (another's or unknown: 404). */
async function contactsFileOf(deps: ActionDeps, userId: number, file: string) {
  const fileName = storedNameOfResource(file);
  if (!STORED_FILE_NAME.test(fileName)) throw new AppError('not_found', ErrorCode.FILE_NOT_FOUND);
  const stored = await ownFile({ db: deps.database.db, config: deps.config }, userId, fileName);
  const type = stored.row.extension;
  if (!isContactsType(type)) throw new AppError('validation', ErrorCode.CONTACTS_FILE_INVALID);
  // Uploads of text types were checked as UTF-8 already; the file on disk is read again to be sure.
  const text = utf8Text(await readFile(stored.path));
  if (text === undefined) throw new AppError('validation', ErrorCode.CONTACTS_FILE_INVALID);
  return { type, text };
}

/**
 * POST /user/ph/phone/{id}/import_contacts (Idempotency-Key): the file parsed here (vCard or
 * CSV, at most CONTACTS_MAX_ROWS entries), its usable contacts sent to the phone under a token
 * derived from the request's key, so a retried request imports once.
 */
export async function importPhoneContacts(
  deps: ActionDeps,
  userId: number,
  phoneId: string,
  file: string,
  requestKey: string,
): Promise<ImportContactsResult> {
  const row = await runningPhoneOf(deps, userId, phoneId);
  const { type, text } = await contactsFileOf(deps, userId, file);
  const { contacts, skipped } = parseContactsFile(type, text);
  // The request's key may be long; the cloud's tokens are at most 100 characters.
  const token = `contacts:${row.resourceId}:${sha256(requestKey).slice(0, 32)}`;
  const answer = await withCloudRetry(() =>
    deps.cloud.importContacts(row.instanceId!, contacts, token),
  ).catch((error: unknown) => {
    throw toolError(error);
  });
  return { imported: answer.imported, skipped };
}
