/**
 * ADB key pairs (spec §3 ADB key pair, §7 ADB). The console keeps the public key only: a
 * generated pair's private key is in the create's answer and nowhere else. Upstream (eds-aic
 * ImportKeyPair) the public key is imported into a phone's region on the first attach there;
 * attach and detach are the engine's `attach_key`/`detach_key` on the phone, which records the
 * console's id in `spec.keyPairId` (undone if the cloud refuses).
 */
import {
  ErrorCode,
  type KeyPair,
  type KeyPairCreateBody,
  type Language,
  type PhoneBatchResult,
} from '@cloudbay/contracts';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { concurrently } from '../../db/concurrently';
import { adbKeyPairs, regions, resources } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { generateRsaKeyPair, md5Fingerprint, normaliseOpenSshPublicKey } from '../../lib/ssh-keys';
import { recordAction, requestAction, sendPendingCall, type ActionDeps } from '../provisioning/actions';
import { cloudErrorToAppError } from '../provisioning/cloud-calls';
import { countLiveBy, type ResourceRow } from '../provisioning/repo';
import { newResourceId } from '../provisioning/service';
import { runPhoneBatch } from './service';

type KeyPairRow = typeof adbKeyPairs.$inferSelect;

const KEY_PAIR_REFERENCE = sql`${resources.spec} ->> 'keyPairId'`;
const notFound = () => new AppError('not_found', ErrorCode.KEY_PAIR_NOT_FOUND);

const toKeyPair = (row: KeyPairRow, phoneCount: number): KeyPair => ({
  key_pair_id: row.keyPairId,
  name: row.name,
  public_key: row.publicKey,
  fingerprint: row.fingerprint,
  phone_count: phoneCount,
  created_at: row.createdAt.toISOString(),
});

async function keyPairOfUser(db: Db, userId: number, keyPairId: string): Promise<KeyPairRow> {
  const [row] = await db
    .select()
    .from(adbKeyPairs)
    .where(and(eq(adbKeyPairs.keyPairId, keyPairId), eq(adbKeyPairs.userId, userId)));
  if (!row) throw notFound();
  return row;
}

const phoneCounts = (db: Db, userId: number, rows: KeyPairRow[]) =>
  countLiveBy(
    db,
    userId,
    'phone',
    KEY_PAIR_REFERENCE,
    rows.map((row) => row.keyPairId),
  );

/** GET /user/ph/adb/key_pair: newest first, with the phones each is attached to, counted in one query. */
export async function listKeyPairs(db: Db, userId: number, query: { page: number; limit: number }) {
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select()
        .from(adbKeyPairs)
        .where(eq(adbKeyPairs.userId, userId))
        .orderBy(desc(adbKeyPairs.createdAt), desc(adbKeyPairs.id))
        .offset((query.page - 1) * query.limit)
        .limit(query.limit),
    () => db.select({ n: count() }).from(adbKeyPairs).where(eq(adbKeyPairs.userId, userId)),
  );
  const counts = await phoneCounts(db, userId, rows);
  return {
    list: rows.map((row) => toKeyPair(row, counts.get(row.keyPairId) ?? 0)),
    total: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * POST /user/ph/adb/key_pair: import `public_key` (422 KEY_PAIR_PUBLIC_KEY_INVALID unless an
 * OpenSSH public key line) or generate an RSA pair; the private key is answered here only.
 */
export async function createKeyPair(db: Db, userId: number, body: KeyPairCreateBody) {
  let publicKey: string;
  let privateKey: string | null = null;
  if (body.public_key === undefined) {
    const pair = generateRsaKeyPair();
    publicKey = pair.publicKey;
    privateKey = pair.privateKeyBody;
  } else {
    const normalised = normaliseOpenSshPublicKey(body.public_key);
    if (normalised === undefined) throw new AppError('business_rule', ErrorCode.KEY_PAIR_PUBLIC_KEY_INVALID);
    publicKey = normalised;
  }
  const [row] = await db
    .insert(adbKeyPairs)
    .values({
      keyPairId: newResourceId('key_pair'),
      userId,
      name: body.name,
      publicKey,
      // Both forms are `<type> <base64>` here.
      fingerprint: md5Fingerprint(Buffer.from(publicKey.split(' ')[1]!, 'base64')),
    })
    .returning();
  return { ...toKeyPair(row!, 0), private_key: privateKey };
}

/** PUT /user/ph/adb/key_pair/{id}: the console's name (upstream copies keep the name they were imported with). */
export async function renameKeyPair(db: Db, userId: number, keyPairId: string, name: string) {
  const [row] = await db
    .update(adbKeyPairs)
    .set({ name })
    .where(and(eq(adbKeyPairs.keyPairId, keyPairId), eq(adbKeyPairs.userId, userId)))
    .returning();
  if (!row) throw notFound();
  return toKeyPair(row, (await phoneCounts(db, userId, [row])).get(row.keyPairId) ?? 0);
}

/** DELETE /user/ph/adb/key_pair/{id}: 409 KEY_PAIR_IN_USE while a live phone has it. */
export async function deleteKeyPair(deps: ActionDeps, userId: number, keyPairId: string) {
  const { db } = deps.database;
  const row = await keyPairOfUser(db, userId, keyPairId);
  // Under the row lock: an attach records its phone's key while holding it shared (see attach).
  // The upstream copies go first, in the lock: a refusal or an outage keeps the row for a retry
  // (deleting a copy already gone answers its final state).
  await inTransaction(deps.database.pool, async (tx) => {
    const [locked] = await tx.db.select().from(adbKeyPairs).where(eq(adbKeyPairs.id, row.id)).for('update');
    if (!locked) throw notFound();
    const attached = (await phoneCounts(tx.db, userId, [locked])).get(locked.keyPairId) ?? 0;
    if (attached > 0) throw new AppError('conflict', ErrorCode.KEY_PAIR_IN_USE);
    for (const instanceId of Object.values(locked.upstream)) {
      await deps.cloud
        .delete('key_pair', instanceId, `${locked.keyPairId}:delete:${instanceId}`)
        .catch((error: unknown) => {
          throw cloudErrorToAppError(error);
        });
    }
    await tx.db.delete(adbKeyPairs).where(eq(adbKeyPairs.id, locked.id));
  });
}

/** The key pair's copy in the phone's region, imported on its first need there (same token: once). */
async function upstreamKeyPairFor(deps: ActionDeps, row: KeyPairRow, phone: ResourceRow): Promise<string> {
  const { db } = deps.database;
  const [region] = await db.select().from(regions).where(eq(regions.id, phone.regionId!));
  const wyRegion = region!.wyRegionId;
  const known = row.upstream[wyRegion];
  if (known !== undefined) return known;
  const imported = await deps.cloud
    .create('key_pair', {
      clientToken: `${row.keyPairId}:${wyRegion}`,
      region: wyRegion,
      spec: { name: row.name, publicKey: row.publicKey },
    })
    .catch((error) => {
      throw cloudErrorToAppError(error);
    });
  await db
    .update(adbKeyPairs)
    .set({
      upstream: sql`${adbKeyPairs.upstream} || jsonb_build_object(${wyRegion}::text, ${imported.instanceId}::text)`,
    })
    .where(eq(adbKeyPairs.id, row.id));
  row.upstream[wyRegion] = imported.instanceId;
  return imported.instanceId;
}

/** What attach_key and detach_key do to one phone of the caller's with the key pair. */
const KEY_ACTIONS = {
  /**
   * Onto a running or stopped phone: the region's copy of the key (imported on first need), then
   * the call recorded while the key pair row is share-locked, so a concurrent delete either sees
   * the phone using it (409) or has removed the row first (404 here, nothing attached).
   */
  attach: async (deps: ActionDeps, row: KeyPairRow, phone: ResourceRow) => {
    const upstreamId = await upstreamKeyPairFor(deps, row, phone);
    const recorded = await inTransaction(deps.database.pool, async (tx) => {
      const [live] = await tx.db.select().from(adbKeyPairs).where(eq(adbKeyPairs.id, row.id)).for('share');
      if (!live) throw notFound();
      return recordAction(tx, deps, phone, 'attach_key', {
        params: { keyPairId: upstreamId },
        change: { spec: { keyPairId: row.keyPairId } },
      });
    });
    return sendPendingCall(deps, recorded);
  },
  /** Off a phone that has it (409 KEY_PAIR_NOT_ATTACHED otherwise). */
  detach: (deps: ActionDeps, row: KeyPairRow, phone: ResourceRow) => {
    if (phone.spec.keyPairId !== row.keyPairId)
      throw new AppError('conflict', ErrorCode.KEY_PAIR_NOT_ATTACHED);
    return requestAction(deps, phone, 'detach_key', { change: { spec: { keyPairId: null } } });
  },
};
export type KeyPairAction = keyof typeof KEY_ACTIONS;

/**
 * POST /user/ph/adb/attach_key/{key_pair_id} and detach_key: the key pair (another's: 404) onto
 * or off each phone asked for, one entry each (another's phone PHONE_NOT_FOUND).
 */
export async function keyPairOnPhones(
  deps: ActionDeps,
  userId: number,
  action: KeyPairAction,
  request: { keyPairId: string; phoneIds: readonly string[]; language: Language },
): Promise<PhoneBatchResult> {
  const row = await keyPairOfUser(deps.database.db, userId, request.keyPairId);
  return runPhoneBatch(deps, userId, request.phoneIds, request.language, (phone) =>
    KEY_ACTIONS[action](deps, row, phone),
  );
}
