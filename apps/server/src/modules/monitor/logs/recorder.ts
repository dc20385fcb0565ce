/**
 * The operation log's recorder: every POST/PUT/PATCH/DELETE of a known /api route, by anyone, is
 * written to `oper_logs` once its answer has been sent (`onResponse`), so the log never slows or
 * breaks the request; a failed insert is only logged.
 */
import { LOG_STATUSES, type LogStatus, type OperBusinessType, type OperModule } from '@cloudbay/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app-deps';
import { maskedJson } from './mask';
import { insertOperLog, type NewOperLog } from './repo';
import { defaultBusinessType, logModuleOf } from './titles';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How the operation log names the route's writes (RuoYi's `@Log`): `title`, the module (by
     * default its route family's, `titles.ts`), and `businessType` (by default from the method
     * or the route's kind: export, import, clean). Completed for every route as it is registered.
     */
    log?: { title?: OperModule; businessType?: OperBusinessType };
  }
  interface FastifyRequest {
    /** The JSON answer of a logged write, kept by `onSend` for `onResponse`. */
    answerForLog: string | null;
  }
}

const LOGGED_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers longer than this are not parsed for the log (their code comes from the HTTP status). */
const ANSWER_READ_MAX = 64 * 1024;

function moduleOf(request: FastifyRequest): string {
  const { config, url = '' } = request.routeOptions;
  return config.log?.title ?? logModuleOf(url) ?? 'api';
}

/** The envelope's code, message and success, when the answer is one. */
function answerOf(text: string | null): { code?: number; msg?: string; success?: boolean; data?: unknown } {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/** What the log keeps of one answered write. */
export function operLogEntry(request: FastifyRequest, reply: FastifyReply): NewOperLog {
  const route = request.routeOptions.url ?? request.url;
  const answer = answerOf(request.answerForLog);
  const succeeded = typeof answer.success === 'boolean' ? answer.success : reply.statusCode < 400;
  const status: LogStatus = succeeded ? LOG_STATUSES[0] : LOG_STATUSES[1];
  const body = request.body && typeof request.body === 'object' ? request.body : undefined;
  const query = request.query && typeof request.query === 'object' ? request.query : undefined;
  const params = Object.fromEntries(
    Object.entries({ params: request.params, query, body }).filter(
      ([, value]) => value && typeof value === 'object' && Object.keys(value).length > 0,
    ),
  );
  return {
    module: moduleOf(request),
    businessType: request.routeOptions.config.log?.businessType ?? defaultBusinessType(request.method, route),
    method: request.method,
    route: route.slice(0, 255),
    // The query goes (masked) into params: it may hold a secret.
    url: request.url.split('?')[0]!.slice(0, 2000),
    // A sub-account acting on its main account's resources is logged as itself (issue 21).
    userId: request.auth?.subAccount?.id ?? request.auth?.userId ?? null,
    ip: request.ip.slice(0, 64),
    params: maskedJson(params),
    result: maskedJson(answer.data),
    httpStatus: reply.statusCode,
    resultCode: typeof answer.code === 'number' ? answer.code : reply.statusCode,
    status,
    errorMsg: succeeded ? null : (answer.msg ?? null),
    durationMs: Math.round(reply.elapsedTime),
  };
}

/** Adds the recorder to the /api scope. */
export function registerOperLog(app: FastifyInstance, deps: Pick<AppDeps, 'database'>): void {
  app.decorateRequest('answerForLog', null);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (
      LOGGED_METHODS.has(request.method) &&
      typeof payload === 'string' &&
      payload.length <= ANSWER_READ_MAX
    ) {
      request.answerForLog = payload;
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    // Unknown routes (scanners, typos) are not operations.
    if (!LOGGED_METHODS.has(request.method) || !request.routeOptions.url) return;
    try {
      await insertOperLog(deps.database.db, operLogEntry(request, reply));
    } catch (error) {
      request.log.error({ err: error }, 'operation log: the entry could not be written');
    }
  });
}
