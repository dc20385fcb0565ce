import {
  ErrorCode,
  type ProxyConfig,
  type ProxyLinkCreated,
  type ProxyLinkStatus,
  type ProxySet,
  type ProxySetKind,
} from '@cloudbay/contracts';
import { openSecret, sealSecret } from '../../../lib/secret-box';
import type { Database, Db } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { randomToken, sha256 } from '../../../lib/crypto';
import { AppError } from '../../../lib/errors';
import type { Clock } from '../../../lib/clock';
import { findResourceOfUser, type ResourceRow } from '../../provisioning/repo';
import {
  findLinkByTokenHash,
  findLiveLink,
  findProxySet,
  insertLink,
  revokeLiveLink,
  saveProxySet,
  touchLink,
  type ProxySetLinkRow,
} from './repo';

const NOT_FOUND: Record<ProxySetKind, ErrorCode> = {
  desktop: ErrorCode.DESKTOP_NOT_FOUND,
  phone: ErrorCode.PHONE_NOT_FOUND,
};

/** `last_used_at` is written at most this often, so a client polling its set costs no write per call. */
const TOUCH_INTERVAL_MS = 60_000;

/** One of the caller's live desktops or phones, else 404 with the kind's message. */
async function ownResource(
  db: Db,
  userId: number,
  kind: ProxySetKind,
  resourceId: string,
  lock?: 'update',
): Promise<ResourceRow> {
  const row = await findResourceOfUser(db, userId, kind, resourceId, lock ? { lock } : {});
  if (!row) throw new AppError('not_found', NOT_FOUND[kind]);
  return row;
}

function statusOf(link: ProxySetLinkRow | undefined): ProxyLinkStatus {
  return {
    active: Boolean(link),
    created_at: link?.createdAt.toISOString() ?? null,
    last_used_at: link?.lastUsedAt?.toISOString() ?? null,
  };
}

/** Whether the resource has a live proxy settings link (its token is never shown again). */
export async function proxyLinkStatus(
  db: Db,
  userId: number,
  kind: ProxySetKind,
  resourceId: string,
): Promise<ProxyLinkStatus> {
  const resource = await ownResource(db, userId, kind, resourceId);
  return statusOf(await findLiveLink(db, resource.id));
}

/**
 * A new proxy settings link for one of the caller's resources: the previous one is revoked in the
 * same transaction (the resource row locked, so two racing creations leave one live link), and the
 * token is answered once; only its SHA-256 is stored.
 */
export async function createProxyLink(
  database: Database,
  clock: Clock,
  userId: number,
  kind: ProxySetKind,
  resourceId: string,
): Promise<ProxyLinkCreated> {
  return inTransaction(database.pool, async ({ db }) => {
    const resource = await ownResource(db, userId, kind, resourceId, 'update');
    const now = clock.now();
    await revokeLiveLink(db, userId, resource.id, now);
    const token = randomToken();
    const link = await insertLink(db, {
      userId,
      resourceId: resource.id,
      tokenHash: sha256(token),
      createdAt: now,
    });
    return { ...statusOf(link), token };
  });
}

/** Revokes the resource's link: the next request with its token answers 401. */
export async function revokeProxyLink(
  db: Db,
  clock: Clock,
  userId: number,
  kind: ProxySetKind,
  resourceId: string,
): Promise<ProxyLinkStatus> {
  const resource = await ownResource(db, userId, kind, resourceId);
  await revokeLiveLink(db, userId, resource.id, clock.now());
  return statusOf(undefined);
}

function isProxySetKind(kind: string): kind is ProxySetKind {
  return kind === 'desktop' || kind === 'phone';
}

/**
 * The resource a token opens, when it is `resourceId`: an unknown or revoked token answers 401, a
 * live token of another resource 404 (the set of a resource the token was not made for is
 * unreachable, whoever owns it).
 */
/** What a request to the public proxy set API brings: the link's token and the resource asked for. */
export interface ProxySetAccess {
  token: string;
  resourceId: string;
}

async function resourceOfToken(db: Db, clock: Clock, { token, resourceId }: ProxySetAccess) {
  const found = await findLinkByTokenHash(db, sha256(token));
  if (!found || !isProxySetKind(found.resource.kind)) {
    throw new AppError('unauthorized', ErrorCode.PROXY_SET_TOKEN_INVALID);
  }
  if (found.resource.resourceId !== resourceId)
    throw new AppError('not_found', ErrorCode.PROXY_SET_NOT_FOUND);
  const now = clock.now();
  const lastUsed = found.link.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - lastUsed >= TOUCH_INTERVAL_MS) await touchLink(db, found.link.id, now);
  return { resource: found.resource, kind: found.resource.kind };
}

/**
 * Passwords are sealed at rest like own proxies' (lib/secret-box.ts, `PROXY_SECRET_KEY`): the
 * token holder's client gets them back in clear, a database dump does not.
 */
function sealPasswords(configs: ProxyConfig[], key: Buffer): ProxyConfig[] {
  return configs.map((c) => (c.password ? { ...c, password: sealSecret(c.password, key) } : c));
}

function openPasswords(configs: ProxyConfig[], key: Buffer): ProxyConfig[] {
  return configs.map((c) => (c.password ? { ...c, password: openSecret(c.password, key) } : c));
}

function viewOf(
  resource: ResourceRow,
  kind: ProxySetKind,
  set: { configs: unknown[]; updatedAt: Date } | undefined,
  key: Buffer,
): ProxySet {
  return {
    resource_id: resource.resourceId,
    kind,
    name: resource.name,
    configs: openPasswords((set?.configs ?? []) as ProxyConfig[], key),
    updated_at: set?.updatedAt.toISOString() ?? null,
  };
}

/** GET /api/proxy_set/{resource_id}: the list the token's client applies (empty until first saved). */
export async function readProxySet(
  db: Db,
  clock: Clock,
  access: ProxySetAccess,
  key: Buffer,
): Promise<ProxySet> {
  const { resource, kind } = await resourceOfToken(db, clock, access);
  return viewOf(resource, kind, await findProxySet(db, resource.userId, resource.id), key);
}

/** PUT /api/proxy_set/{resource_id}: replaces the whole list (already checked by the contract's schema). */
export async function writeProxySet(
  db: Db,
  clock: Clock,
  access: ProxySetAccess,
  configs: ProxyConfig[],
  key: Buffer,
): Promise<ProxySet> {
  const { resource, kind } = await resourceOfToken(db, clock, access);
  const saved = await saveProxySet(db, {
    userId: resource.userId,
    resourceId: resource.id,
    configs: sealPasswords(configs, key),
    updatedAt: clock.now(),
  });
  return viewOf(resource, kind, saved, key);
}
