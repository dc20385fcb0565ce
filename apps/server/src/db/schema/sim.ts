import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The simulated cloud's own state (providers/cloud/sim), standing in for the upstream cloud: no
 * other module reads these tables. A resource moves to `next_status` at `due_at`, then through
 * `later_steps` ([{ status, ms }], each due `ms` after the previous); reads apply what is due.
 */
export const simResources = pgTable(
  'sim_resources',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** CLOUD_KINDS. */
    kind: varchar('kind', { length: 20 }).notNull(),
    instanceId: varchar('instance_id', { length: 64 }).notNull(),
    /** The upstream region id (regions.wy_region_id). */
    region: varchar('region', { length: 60 }).notNull(),
    /** The create's token: a retried create finds its resource here. */
    clientToken: varchar('client_token', { length: 100 }).notNull(),
    /** CLOUD_STATUSES of the kind. */
    status: varchar('status', { length: 20 }).notNull(),
    spec: jsonb('spec').$type<Record<string, unknown>>().notNull(),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull(),
    nextStatus: varchar('next_status', { length: 20 }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    laterSteps: jsonb('later_steps').$type<{ status: string; ms: number }[]>().notNull().default([]),
    /** Times come from the provider's clock, never from the database, so tests can move them. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When it reached a terminal status (deleted, released, failed). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sim_resources_instance_unique').on(t.instanceId),
    uniqueIndex('sim_resources_token_unique').on(t.kind, t.clientToken),
    // The lazy transition sweep only looks at resources with something pending.
    index('sim_resources_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null`),
    check(
      'sim_resources_kind_known',
      sql`${t.kind} in ('desktop', 'office_site', 'policy', 'phone', 'key_pair', 'eip', 'phone_network', 'backup', 'proxy')`,
    ),
    check('sim_resources_transition_whole', sql`(${t.nextStatus} is null) = (${t.dueAt} is null)`),
  ],
);

/**
 * Every call made to the simulated cloud, so tests can count upstream effects: `effect` marks
 * the calls that changed something. A client token has at most one effect per operation and kind,
 * which is what makes a retried action or delete apply once.
 */
export const simCalls = pgTable(
  'sim_calls',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** create, describe, act, delete, metrics, traffic, connection_ticket, processes. */
    operation: varchar('operation', { length: 20 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    instanceId: varchar('instance_id', { length: 64 }),
    action: varchar('action', { length: 30 }),
    clientToken: varchar('client_token', { length: 100 }),
    params: jsonb('params').$type<Record<string, unknown>>(),
    effect: boolean('effect').notNull().default(false),
    /** ok, replayed (a retry of an applied token), error, timeout (the effect applied, the answer lost). */
    outcome: varchar('outcome', { length: 20 }).notNull(),
    errorCode: varchar('error_code', { length: 40 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('sim_calls_effect_token_unique')
      .on(t.operation, t.kind, t.clientToken)
      .where(sql`${t.effect} and ${t.clientToken} is not null`),
    index('sim_calls_instance_idx').on(t.instanceId, t.id),
  ],
);
