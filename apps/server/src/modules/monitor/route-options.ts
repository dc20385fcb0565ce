import type { FastifySchema } from 'fastify';

/**
 * The options of an operators' monitor route: its RuoYi permission, and its schema under the
 * monitor tag with the bearer security every monitor route has.
 */
export function monitorRoute<S extends FastifySchema>(permission: string, schema: S) {
  return {
    config: { permission },
    schema: { tags: ['monitor'], security: [{ bearer: [] }], ...schema },
  };
}
