import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownerUserId, serialId, updatedAt } from './columns';
import { resources } from './resources';

/**
 * Proxy settings links (issue 19): a token scoped to one desktop or phone that opens /proxySet
 * without the console login. Only the token's SHA-256 is kept; revoking sets `revoked_at`, which
 * every lookup checks, so a revoked link fails at once. One live link per resource.
 */
export const proxySetLinks = pgTable(
  'proxy_set_links',
  {
    id: serialId(),
    userId: ownerUserId(),
    resourceId: bigint('resource_id', { mode: 'number' })
      .notNull()
      .references(() => resources.id),
    /** SHA-256 of the token, hex. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('proxy_set_links_token_hash_unique').on(t.tokenHash),
    uniqueIndex('proxy_set_links_live_resource_unique')
      .on(t.resourceId)
      .where(sql`${t.revokedAt} is null`),
    index('proxy_set_links_user_idx').on(t.userId),
  ],
);

/**
 * The proxy configurations of one resource (contracts `proxyConfigSchema`, the whole list as one
 * JSON value: it is read and replaced whole, never queried by its parts).
 */
export const proxySets = pgTable('proxy_sets', {
  resourceId: bigint('resource_id', { mode: 'number' })
    .primaryKey()
    .references(() => resources.id),
  userId: ownerUserId(),
  configs: jsonb('configs').$type<unknown[]>().notNull(),
  updatedAt: updatedAt(),
});
