/**
 * The read-only support session (issue 18, part B2): an operator opens a customer's console to see
 * what the customer sees. It is an ordinary `sessions` row of the customer, marked with the
 * operator (`support_operator_id`) and the reason, that ends an hour after it opens (never
 * extended by use). The auth hook refuses its every write (403 SUPPORT_SESSION_READ_ONLY) except
 * signing out, and `registerSupportAudit` records its every request.
 */
import {
  HANDOVER_SUPPORT_PARAM,
  SUPPORT_SESSION_SECONDS,
  type SupportView,
  type supportAuditListQuery,
} from '@cloudbay/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { randomToken, sha256 } from '../../../lib/crypto';
import { timeRange } from '../../../lib/time-window';
import type { Auth } from '../../identity/auth-hook';
import { insertSession } from '../../identity/repo';
import { describeDevice } from '../../identity/sessions';
import { customerInScopeOr404, customerScope } from '../scope';
import { findSupportView, insertSupportAudit, pageSupportAudits } from './repo';
import { offsetOf, pageOf } from '../../../lib/paging';

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Opens a support session of a customer in the operator's scope and answers the /moneryContro
 * hand-off address that signs a new tab into it (only the token's hash is stored).
 */
export async function openSupportSession(
  db: Db,
  operatorId: number,
  userId: number,
  input: { reason: string; client: { ip: string; userAgent?: string } },
) {
  await customerInScopeOr404(db, operatorId, userId);
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SUPPORT_SESSION_SECONDS * 1000);
  await insertSession(db, {
    userId,
    tokenHash: sha256(token),
    ip: input.client.ip,
    device: describeDevice(input.client.userAgent),
    expiresAt,
    supportOperatorId: operatorId,
    supportReason: input.reason,
  });
  const query = new URLSearchParams({ token, loginToken: token, isSon: '', [HANDOVER_SUPPORT_PARAM]: '1' });
  return { url: `/moneryContro?${query.toString()}`, expiresAt: expiresAt.toISOString() };
}

/** What GET /getInfo says of the session: who is viewing, or null in the customer's own sessions. */
export async function supportViewOf(db: Db, auth: Auth): Promise<SupportView | null> {
  if (!auth.supportOperatorId) return null;
  const row = await findSupportView(db, auth.sessionId);
  if (!row) return null;
  return {
    operatorEmail: row.operator_email,
    operatorNickname: row.operator_nickname,
    customerEmail: row.customer_email,
    expiresAt: iso(row.expires_at),
  };
}

/** A page of the requests made in support sessions of customers in the operator's scope. */
export async function listSupportAudits(
  db: Db,
  operatorId: number,
  query: z.output<typeof supportAuditListQuery>,
) {
  const scope = await customerScope(db, operatorId, { alias: 'u' });
  const { page: _page, limit, begin_time, end_time, ...filter } = query;
  const { rows, total } = await pageSupportAudits(
    db,
    scope,
    { ...filter, created: timeRange({ begin_time, end_time }) },
    { offset: offsetOf(query), limit },
  );
  const list = rows.map((row) => ({
    id: Number(row.id),
    sessionId: row.session_id,
    operatorEmail: row.operator_email,
    customerEmail: row.customer_email,
    method: row.method,
    path: row.path,
    status: Number(row.status),
    createTime: iso(row.created_at),
  }));
  return pageOf(list, total, query);
}

/**
 * Records every answered request of a support session, reads and refused writes alike, after the
 * answer has gone (as the operation log does), so the audit never slows or breaks the view.
 */
export function registerSupportAudit(app: FastifyInstance, deps: Pick<AppDeps, 'database'>): void {
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth?.supportOperatorId) return;
    try {
      await insertSupportAudit(deps.database.db, {
        sessionId: auth.sessionId,
        operatorId: auth.supportOperatorId,
        customerId: auth.userId,
        method: request.method.slice(0, 10),
        path: request.url.split('?')[0]!.slice(0, 500),
        status: reply.statusCode,
      });
    } catch (error) {
      request.log.error({ err: error }, 'support audit: the entry could not be written');
    }
  });
}
