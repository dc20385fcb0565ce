import type { OperBusinessType, OperModule } from '@cloudbay/contracts';
import type { FastifySchema } from 'fastify';

/** What an operator route may declare besides its permission. */
export interface OperatorRouteOptions {
  /** Honours `Idempotency-Key` (required): creations a retry must not repeat. */
  idempotent?: boolean;
  /**
   * The operation log's business type when the method's is not it (grant, force…), and its module
   * when the path's family is not it (an area's action under another area's path).
   */
  log?: { businessType?: OperBusinessType; title?: OperModule };
}

/**
 * The options of an operators' route, in one place for every operator area: its RuoYi permission
 * (and what else it declares), and its schema under the area's OpenAPI tag with the bearer
 * security every operator route has.
 */
export function operatorRoute<S extends FastifySchema>(
  tag: string,
  permission: string,
  schema: S,
  options: OperatorRouteOptions = {},
) {
  return {
    config: { permission, ...options },
    schema: { tags: [tag], security: [{ bearer: [] }], ...schema },
  };
}
