/**
 * The simulated cloud's phone screens (eds-aic ACP): what a phone's screen shows (home, the apps
 * opened on it, which way it is held), the keys pressed on it, and the connection tickets that open
 * it. A ticket `<instance id>.<256 random bits>` is short-lived and works once: redeeming it
 * starts a screen session (another random secret, kept by the browser in a cookie). Only SHA-256
 * hashes of both are kept, on the phone's row (`_`-keys, left out of describe), so any process
 * can verify them and no database holds a usable one.
 */
import { randomBytes } from 'node:crypto';
import type { Database, Db } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import { sha256 } from '../../../lib/crypto';
import {
  CloudError,
  type CloudActionParams,
  type ConnectionTicket,
  type PhoneAttributes,
  type PhoneOrientation,
  type PhoneTicketOutcome,
} from '../types';
import * as repo from './repo';

/** The apps of the simulated Android home screen (system apps every image has). */
export const SCREEN_APPS = ['settings', 'browser', 'files', 'camera', 'gallery', 'messages'] as const;
export type ScreenApp = (typeof SCREEN_APPS)[number];

/** A ticket opens the screen within this time, once. */
export const PHONE_TICKET_LIFETIME_MS = 2 * 60_000;
/** A screen session (the browser tab a ticket opened) lasts this long. */
export const PHONE_SESSION_LIFETIME_MS = 60 * 60_000;
const TICKETS_KEY = '_screenTickets';
const SESSIONS_KEY = '_screenSessions';
/** Kept per phone; the oldest live ones give way beyond it. */
const MAX_LIVE_SECRETS = 20;
/** An instance id (64), its dot and 43 characters of base64url, with room to spare. */
const MAX_SECRET_LENGTH = 200;
/** Apps stacked on the screen at most (back pops them). */
const MAX_OPEN_APPS = 8;

interface IssuedSecret {
  hash: string;
  /** ISO time. */
  expiresAt: string;
}

type ScreenInput = CloudActionParams['phone']['screen_input'];

export const orientationOf = (attributes: Partial<PhoneAttributes>): PhoneOrientation =>
  attributes.orientation ?? 'portrait';

export const openAppsOf = (attributes: Partial<PhoneAttributes>): string[] => attributes.screenApps ?? [];

/** The screen after a key press (the sim's `screen_input` action). */
export function pressScreenKey(attributes: PhoneAttributes, input: ScreenInput): PhoneAttributes {
  const apps = openAppsOf(attributes);
  switch (input.key) {
    case 'home':
      return { ...attributes, screenApps: [] };
    case 'back':
      return { ...attributes, screenApps: apps.slice(0, -1) };
    case 'rotate':
      return {
        ...attributes,
        orientation: orientationOf(attributes) === 'portrait' ? 'landscape' : 'portrait',
      };
    case 'open': {
      if (!SCREEN_APPS.includes(input.app as ScreenApp)) {
        throw new CloudError('invalid_parameter', `no app ${input.app ?? ''} on the home screen`, {
          field: 'app',
        });
      }
      const others = apps.filter((app) => app !== input.app);
      return { ...attributes, screenApps: [...others, input.app!].slice(-MAX_OPEN_APPS) };
    }
  }
}

/** `<instance id>.<256 random bits>`: the instance says which phone, the rest proves it. */
const newSecret = (instanceId: string) => `${instanceId}.${randomBytes(32).toString('base64url')}`;

function instanceOf(secret: string): string | undefined {
  const dot = secret.lastIndexOf('.');
  return dot > 0 && secret.length <= MAX_SECRET_LENGTH ? secret.slice(0, dot) : undefined;
}

function liveSecrets(row: repo.SimResourceRow, key: string, now: Date): IssuedSecret[] {
  const secrets = (row.attributes[key] as IssuedSecret[] | undefined) ?? [];
  return secrets.filter((secret) => Date.parse(secret.expiresAt) > now.getTime());
}

/** The live secrets under `key` with `secret` added (expiring after `lifetimeMs`). */
function withSecret(row: repo.SimResourceRow, key: string, secret: string, now: Date, lifetimeMs: number) {
  const expiresAt = new Date(now.getTime() + lifetimeMs);
  const kept = [
    ...liveSecrets(row, key, now).slice(1 - MAX_LIVE_SECRETS),
    { hash: sha256(secret), expiresAt: expiresAt.toISOString() },
  ];
  return { kept, expiresAt };
}

/** Issues one ticket for a running phone, in its own transaction (a phone's failure is its own). */
async function issueTicket(database: Database, now: Date, instanceId: string): Promise<ConnectionTicket> {
  return inTransaction(database.pool, async ({ db }) => {
    await repo.settleDue(db, now, 'phone', [instanceId]);
    const row = await repo.lockResource(db, 'phone', instanceId, 'update');
    if (!row || row.deletedAt) throw new CloudError('not_found', `no phone ${instanceId}`, { instanceId });
    if (row.status !== 'running') {
      throw new CloudError('invalid_state', `phone ${instanceId} is ${row.status}`, { status: row.status });
    }
    const ticket = newSecret(instanceId);
    const { kept, expiresAt } = withSecret(row, TICKETS_KEY, ticket, now, PHONE_TICKET_LIFETIME_MS);
    await repo.updateResource(db, row.id, {
      attributes: { ...row.attributes, [TICKETS_KEY]: kept },
      terminal: false,
      now,
    });
    return { ticket, expiresAt };
  });
}

/** BatchGetAcpConnectionTicket: one outcome per distinct instance; every call is logged. */
export async function issuePhoneTickets(
  database: Database,
  now: Date,
  instanceIds: readonly string[],
): Promise<Map<string, PhoneTicketOutcome>> {
  const outcomes = new Map<string, PhoneTicketOutcome>();
  for (const instanceId of new Set(instanceIds)) {
    let outcome: PhoneTicketOutcome;
    try {
      outcome = await issueTicket(database, now, instanceId);
    } catch (error) {
      if (!(error instanceof CloudError)) throw error;
      outcome = error;
    }
    outcomes.set(instanceId, outcome);
    await repo.logCall(database.db, {
      operation: 'phone_ticket',
      kind: 'phone',
      instanceId,
      params: {},
      outcome: outcome instanceof CloudError ? 'error' : 'ok',
      errorCode: outcome instanceof CloudError ? outcome.code : null,
      createdAt: now,
    });
  }
  return outcomes;
}

/** What redeeming a ticket gives the browser: the phone and the session that keeps its screen open. */
export interface ScreenSession {
  instanceId: string;
  session: string;
  expiresAt: Date;
}

/**
 * Uses a ticket up and starts a screen session; undefined for a ticket this cloud did not issue,
 * that has expired or that was used (the row lock makes two racing redeems yield one session).
 */
export async function redeemPhoneTicket(
  database: Database,
  now: Date,
  ticket: string,
): Promise<ScreenSession | undefined> {
  const instanceId = instanceOf(ticket);
  if (!instanceId) return undefined;
  const hash = sha256(ticket);
  const session = await inTransaction(database.pool, async ({ db }) => {
    await repo.settleDue(db, now, 'phone', [instanceId]);
    const row = await repo.lockResource(db, 'phone', instanceId, 'update');
    const tickets = row ? liveSecrets(row, TICKETS_KEY, now) : [];
    if (!row || !tickets.some((entry) => entry.hash === hash)) return undefined;
    const secret = newSecret(instanceId);
    const { kept, expiresAt } = withSecret(row, SESSIONS_KEY, secret, now, PHONE_SESSION_LIFETIME_MS);
    const attributes = {
      ...row.attributes,
      [TICKETS_KEY]: tickets.filter((entry) => entry.hash !== hash),
      [SESSIONS_KEY]: kept,
    };
    await repo.updateResource(db, row.id, { attributes, terminal: false, now });
    return { instanceId, session: secret, expiresAt };
  });
  await repo.logCall(database.db, {
    operation: 'phone_ticket_redeem',
    kind: 'phone',
    instanceId,
    params: {},
    outcome: session ? 'ok' : 'error',
    errorCode: session ? null : 'invalid_parameter',
    createdAt: now,
  });
  return session;
}

/** The phone a live screen session of `instanceId` shows (settled now) and when the session ends. */
export async function phoneOfSession(
  db: Db,
  now: Date,
  instanceId: string,
  session: string,
): Promise<{ row: repo.SimResourceRow; expiresAt: Date } | undefined> {
  if (instanceOf(session) !== instanceId) return undefined;
  await repo.settleDue(db, now, 'phone', [instanceId]);
  const [row] = await repo.listResources(db, 'phone', [instanceId]);
  const hash = sha256(session);
  const live = row && liveSecrets(row, SESSIONS_KEY, now).find((entry) => entry.hash === hash);
  return live ? { row, expiresAt: new Date(live.expiresAt) } : undefined;
}
