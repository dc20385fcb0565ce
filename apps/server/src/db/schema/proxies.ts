import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ownerUserId, serialId, timestamps } from './columns';

/**
 * Proxies a customer already has (issue 19, `/zqgl/ownProxy`): registered, checked and bound to
 * cloud phones like a bought residential proxy (which is a `resources` row of kind `proxy`). The
 * password is stored sealed (AES-256-GCM, `PROXY_SECRET_KEY`) and never answered in a list.
 */
export const ownProxies = pgTable(
  'own_proxies',
  {
    id: serialId(),
    /** The public id (`op-…`). */
    proxyId: varchar('proxy_id', { length: 40 }).notNull(),
    userId: ownerUserId(),
    /** PROXY_PROTOCOLS: socks5 or http. */
    protocol: varchar('protocol', { length: 10 }).notNull(),
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull(),
    username: varchar('username', { length: 255 }).notNull().default(''),
    /** `v1.<iv>.<tag>.<ciphertext>` (lib/secret-box.ts); empty when the proxy has no password. */
    passwordSealed: text('password_sealed').notNull().default(''),
    remark: varchar('remark', { length: 100 }).notNull().default(''),
    /** OWN_PROXY_CHECK_STATUSES: unchecked, ok or failed. */
    checkStatus: varchar('check_status', { length: 10 }).notNull().default('unchecked'),
    /** Why the last check failed (a PROXY_CHECK_FAILURES code). */
    checkError: varchar('check_error', { length: 40 }),
    latencyMs: integer('latency_ms'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('own_proxies_proxy_id_unique').on(t.proxyId),
    index('own_proxies_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('own_proxies_protocol_known', sql`${t.protocol} in ('socks5', 'http')`),
    check('own_proxies_port_range', sql`${t.port} between 1 and 65535`),
    check('own_proxies_check_status_known', sql`${t.checkStatus} in ('unchecked', 'ok', 'failed')`),
  ],
);
