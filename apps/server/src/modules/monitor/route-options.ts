import type { FastifySchema } from 'fastify';
import { operatorRoute, type OperatorRouteOptions } from '../../http/operator-route';

/** The options of an operators' monitor route: its RuoYi permission, under the monitor tag. */
export function monitorRoute<S extends FastifySchema>(
  permission: string,
  schema: S,
  options?: OperatorRouteOptions,
) {
  return operatorRoute('monitor', permission, schema, options);
}
