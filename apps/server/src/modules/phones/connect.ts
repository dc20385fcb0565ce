/**
 * Connecting to the customer's cloud phones (issue 16 "Connection"): tickets from the cloud for
 * running phones (eds-aic BatchGetAcpConnectionTicket, one call for the whole selection) and the
 * current screenshot of one. Nothing of a ticket is stored by the console.
 */
import { ErrorCode, type Language, type PhoneTicketEntry, type PhoneTicketResult } from '@cloudbay/contracts';
import { AppError } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { CloudError, isCloudError, type PhoneScreenshot } from '../../providers/cloud/types';
import type { ActionDeps } from '../provisioning/actions';
import { cloudErrorToAppError } from '../provisioning/cloud-calls';
import { findResourcesOfUser, type ResourceRow } from '../provisioning/repo';
import { phoneOfUser } from './service';
import { phoneScreenUrl } from './screen-page';

/** A phone the cloud can show: running, made upstream. */
const isRunning = (row: ResourceRow): row is ResourceRow & { instanceId: string } =>
  row.status === 'running' && row.instanceId !== null;

/** What the cloud's refusal of one phone means to the customer. */
function refusalOf(error: CloudError): AppError {
  if (error.code === 'invalid_state') return new AppError('conflict', ErrorCode.PHONE_NOT_RUNNING);
  if (error.code === 'not_found') return new AppError('not_found', ErrorCode.PHONE_NOT_FOUND);
  return cloudErrorToAppError(error) as AppError;
}

/**
 * POST /user/ph/phone/connection_ticket: one entry per phone asked for, in order. Another's phone
 * is PHONE_NOT_FOUND and one not running PHONE_NOT_RUNNING, both without asking the cloud; the
 * running ones are asked for in one call, each answered on its own.
 */
export async function phoneConnectionTickets(
  deps: ActionDeps,
  userId: number,
  phoneIds: readonly string[],
  language: Language,
): Promise<PhoneTicketResult> {
  const rows = new Map(
    (await findResourcesOfUser(deps.database.db, userId, 'phone', phoneIds)).map((row) => [
      row.resourceId,
      row,
    ]),
  );
  const running = [...rows.values()].filter(isRunning);
  let outcomes;
  try {
    outcomes = running.length
      ? await deps.cloud.phoneConnectionTickets(running.map((row) => row.instanceId))
      : new Map();
  } catch (error) {
    throw cloudErrorToAppError(error);
  }
  const refused = (phoneId: string, error: AppError): PhoneTicketEntry => ({
    phone_id: phoneId,
    ok: false,
    ticket: null,
    expire_time: null,
    connect_url: null,
    code: error.code,
    message: translate(language, error.code, error.params),
  });
  return {
    results: phoneIds.map((phoneId) => {
      const row = rows.get(phoneId);
      if (!row) return refused(phoneId, new AppError('not_found', ErrorCode.PHONE_NOT_FOUND));
      if (!isRunning(row)) return refused(phoneId, new AppError('conflict', ErrorCode.PHONE_NOT_RUNNING));
      const outcome = outcomes.get(row.instanceId);
      if (!outcome) return refused(phoneId, new AppError('not_found', ErrorCode.PHONE_NOT_FOUND));
      if (outcome instanceof CloudError) return refused(phoneId, refusalOf(outcome));
      return {
        phone_id: phoneId,
        ok: true,
        ticket: outcome.ticket,
        expire_time: outcome.expiresAt.toISOString(),
        connect_url: phoneScreenUrl(outcome.ticket, language),
        code: null,
        message: null,
      };
    }),
  };
}

/** GET /user/ph/phone/{id}/screenshot: the screen of one of the caller's running phones now. */
export async function phoneScreenshot(
  deps: ActionDeps,
  userId: number,
  phoneId: string,
  language: Language,
): Promise<PhoneScreenshot> {
  const row = await phoneOfUser(deps.database.db, userId, phoneId);
  if (!isRunning(row)) throw new AppError('conflict', ErrorCode.PHONE_NOT_RUNNING);
  try {
    return await deps.cloud.phoneScreenshot(row.instanceId, language);
  } catch (error) {
    throw isCloudError(error) ? refusalOf(error) : error;
  }
}
