import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ownerUserId, serialId } from './columns';

/**
 * A customer's phone groups (spec §3 Phone group): the console's own labels, unknown upstream.
 * A phone names its group in `resources.spec.groupId` (this row's id); no group is ungrouped.
 */
export const phoneGroups = pgTable(
  'phone_groups',
  {
    id: serialId(),
    userId: ownerUserId(),
    name: varchar('name', { length: 30 }).notNull(),
    createdAt: createdAt(),
  },
  // Case-insensitive, so two racing creates of "Farm" and "farm" cannot both win.
  (t) => [uniqueIndex('phone_groups_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);

/**
 * A customer's ADB key pairs (spec §3 ADB key pair, §7 ADB). Only the public key is kept: a
 * generated pair's private key is answered once by the create and never stored. Upstream the
 * public key is imported into each phone region on its first attach there (`upstream`: the
 * region's `wy_region_id` → the cloud's key pair id). Phones name theirs in `resources.spec.keyPairId`.
 */
export const adbKeyPairs = pgTable(
  'adb_key_pairs',
  {
    id: serialId(),
    /** The public id (`kp-…`). */
    keyPairId: varchar('key_pair_id', { length: 40 }).notNull(),
    userId: ownerUserId(),
    name: varchar('name', { length: 128 }).notNull(),
    /** `<type> <base64>` (OpenSSH). */
    publicKey: text('public_key').notNull(),
    /** MD5 of the key body, aa:bb:… */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    upstream: jsonb('upstream').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('adb_key_pairs_key_pair_id_unique').on(t.keyPairId),
    index('adb_key_pairs_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);
