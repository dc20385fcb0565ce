/**
 * One place turns every failure into the envelope: AppError by its kind, schema validation as 400
 * naming the fields, Fastify's own client errors by their status, anything else as a 500 that
 * logs the cause and tells the caller only the request id.
 */
import { AnswerCode, ErrorCode, PAYLOAD_LIMIT_BYTES, type FieldError } from '@cloudbay/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/errors';
import { isAppError } from '../lib/errors';
import { pickLanguage, translate } from '../lib/i18n';
import { fieldErrors } from './validation-messages';

function sendError(
  reply: FastifyReply,
  status: number,
  msg: string,
  data: { fields?: FieldError[]; request_id?: string; error_code?: string } | null = null,
  bodyCode = status,
) {
  return reply.status(status).send({ code: bodyCode, msg, success: false, data });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const language = pickLanguage(request.headers['accept-language']);

    // A lost or refused database connection is an outage the client may retry (503), not a bug.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const code = ErrorCode.DATABASE_UNAVAILABLE;
      return sendError(reply, 503, translate(language, code), { error_code: code });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldErrors(error.validation, error.validationContext, language);
      const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
      return sendError(reply, 400, translate(language, ErrorCode.VALIDATION_FAILED, { fields: summary }), {
        fields,
      });
    }

    if (isAppError(error)) {
      const msg = translate(language, error.code, error.params);
      // The code travels with the translated message so the web can react to a rule by name
      // (e.g. INSUFFICIENT_BALANCE offers a top-up) without comparing texts.
      const data = { error_code: error.code };
      if (error.kind === 'warning') return sendError(reply, 200, msg, data, AnswerCode.WARNING);
      if (error.status >= 500) request.log.error({ err: error }, 'server error');
      // Every 429 says when to come back (AppError requires the seconds with that kind).
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(reply, error.status, msg, data);
    }

    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = PAYLOAD_LIMIT_BYTES / 1024 / 1024;
      return sendError(reply, 413, translate(language, ErrorCode.PAYLOAD_TOO_LARGE, { limit }));
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, bad content length.
      const fields = [{ field: 'body', message: error.message }];
      return sendError(
        reply,
        status,
        translate(language, ErrorCode.VALIDATION_FAILED, { fields: error.message }),
        {
          fields,
        },
      );
    }

    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, translate(language, ErrorCode.INTERNAL, { requestId: request.id }), {
      request_id: request.id,
    });
  });
}

/** Unknown `/api` routes answer 404 in the envelope; other GETs fall back to the web app. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const language = pickLanguage(request.headers['accept-language']);
  const path = request.url.split('?')[0] ?? request.url;
  return sendError(
    reply,
    404,
    translate(language, ErrorCode.ROUTE_NOT_FOUND, { method: request.method, path }),
  );
}
