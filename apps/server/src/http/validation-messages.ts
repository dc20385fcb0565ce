/**
 * Validation messages in the caller's language. Messages that are error codes are translated;
 * zod's own English messages are re-rendered with its zh-CN locale for Chinese; any other message
 * a schema sets is kept as written.
 */
import { ErrorCode, type Language } from '@cloudbay/contracts';
import type { FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';
import type { FieldError } from '@cloudbay/contracts';
import { isErrorCode, translate } from '../lib/i18n';

const english = z.locales.en().localeError;
const chinese = z.locales.zhCN().localeError;

type LocaleError = (issue: never) => string | { message: string } | undefined | null;

function render(localeError: LocaleError, issue: Record<string, unknown>): string | undefined {
  const result = (
    localeError as (issue: Record<string, unknown>) => string | { message: string } | undefined
  )(issue);
  return typeof result === 'string' ? result : result?.message;
}

/** `body.email`, `query.limit`, or the context alone when the whole part is wrong. */
function fieldName(error: FastifySchemaValidationError, context: string | undefined): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return [context, path].filter(Boolean).join('.') || 'request';
}

export function fieldErrors(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
  language: Language,
): FieldError[] {
  return errors.map((error) => {
    // The contracts' schemas use error codes as messages: those are translated as any error is,
    // except the request-wide VALIDATION_FAILED ('Invalid request: {fields}', which frames this
    // list): as one field's message it is zod's own 'Invalid input', in the caller's language.
    if (error.message === ErrorCode.VALIDATION_FAILED) {
      const invalid = render(language === 'zh-CN' ? chinese : english, { code: 'custom', path: [] });
      return { field: fieldName(error, context), message: invalid ?? 'invalid' };
    }
    if (error.message && isErrorCode(error.message)) {
      return { field: fieldName(error, context), message: translate(language, error.message) };
    }
    const issue = {
      ...error.params,
      code: error.keyword,
      path: error.instancePath.split('/').filter(Boolean),
    };
    const isDefaultMessage = render(english, issue) === error.message;
    const message =
      language === 'zh-CN' && isDefaultMessage ? (render(chinese, issue) ?? error.message) : error.message;
    return { field: fieldName(error, context), message: message ?? 'invalid' };
  });
}
