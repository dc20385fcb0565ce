/**
 * Validation messages in the caller's language. Zod writes English; for Chinese we re-render each
 * issue with zod's zh-CN locale, unless the schema set its own message (kept as written).
 */
import type { Language } from '@cloudbay/contracts';
import type { FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';
import type { FieldError } from '@cloudbay/contracts';

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
