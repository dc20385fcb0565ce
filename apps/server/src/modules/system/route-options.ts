import type { FastifySchema } from 'fastify';
import { operatorRoute, type OperatorRouteOptions } from '../../http/operator-route';

/**
 * The route options of one system area (users, roles, menus…) under its OpenAPI tag: the area
 * builds each route's `{ config, schema }` with `route(permission, schema, options)`.
 */
export function systemRoute(tag: string) {
  return <S extends FastifySchema>(permission: string, schema: S, options?: OperatorRouteOptions) =>
    operatorRoute(tag, permission, schema, options);
}
