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
import { sendPendingCall, type ActionDeps } from '../../provisioning/actions';
import { findResourceOfUser, type ResourceRow } from '../../provisioning/repo';
import { recordProxySetOnPhone } from '../proxies/binding';
import { phoneProxiesOf } from '../proxies/phone-proxy';
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

/**
 * The set, and for a phone the proxy the cloud applies to it now (its set's configuration, a bound
 * proxy, or none): what the page says is applied is what the phone's policy holds.
 */
async function viewOf(
  db: Db,
  resource: ResourceRow,
  kind: ProxySetKind,
  set: { configs: unknown[]; updatedAt: Date } | undefined,
  key: Buffer,
): Promise<ProxySet> {
  const applied =
    kind === 'phone'
      ? ((await phoneProxiesOf(db, resource.userId, [resource])).get(resource.resourceId) ?? null)
      : null;
  return {
    resource_id: resource.resourceId,
    kind,
    name: resource.name,
    configs: openPasswords((set?.configs ?? []) as ProxyConfig[], key),
    updated_at: set?.updatedAt.toISOString() ?? null,
    applied: applied && {
      source: applied.source,
      type: applied.type,
      host: applied.host,
      port: applied.port,
    },
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
  return viewOf(db, resource, kind, await findProxySet(db, resource.userId, resource.id), key);
}

/** PUT /api/proxy_set/{resource_id}: replaces the whole list (already checked by the contract's schema). */
export async function writeProxySet(
  deps: ActionDeps,
  access: ProxySetAccess,
  configs: ProxyConfig[],
  key: Buffer,
): Promise<ProxySet> {
  const { db } = deps.database;
  const { resource, kind } = await resourceOfToken(db, deps.clock, access);
  const sealed = sealPasswords(configs, key);
  // A phone is given its first enabled configuration in the save's transaction (the simulated
  // cloud's NetRedirectPolicy); a desktop's client reads the set itself (the cloud has no proxy
  // setting for desktops).
  const { saved, recorded } = await inTransaction(deps.database.pool, async (tx) => {
    const recorded =
      kind === 'phone'
        ? await recordProxySetOnPhone(
            tx,
            deps,
            resource.userId,
            resource.resourceId,
            sealed.find((config) => config.enabled),
          )
        : null;
    const saved = await saveProxySet(tx.db, {
      userId: resource.userId,
      resourceId: resource.id,
      configs: sealed,
      updatedAt: deps.clock.now(),
    });
    return { saved, recorded };
  });
  if (recorded) await sendPendingCall(deps, recorded);
  return viewOf(db, await freshRow(db, resource), kind, saved, key);
}

/** The resource as it is now (a save may have changed the phone's proxy). */
async function freshRow(db: Db, resource: ResourceRow): Promise<ResourceRow> {
  return (await findResourceOfUser(db, resource.userId, resource.kind, resource.resourceId)) ?? resource;
}
