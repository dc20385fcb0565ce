/**
 * The simulated cloud: a `CloudProvider` whose resources live in `sim_resources`, move through
 * their statuses on the provider's clock (applied lazily when read), report deterministic usage,
 * and misbehave on demand (`SimFaults`) so the engine's retries can be proven.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import type { Language } from '@cloudbay/contracts';
import type { z } from 'zod';
import type { Database, Db } from '../../../db/client';
import { inTransaction } from '../../../db/transaction';
import type { Clock } from '../../../lib/clock';
import {
  BUILTIN_DESKTOP_USER,
  CLOUD_KINDS,
  CLOUD_METRICS,
  CloudError,
  METERED_KINDS,
  isCloudError,
  type CloudAction,
  type CloudActionParams,
  type CloudKind,
  type CloudProvider,
  type CloudResource,
  type ConnectionTicket,
  type CreateRequest,
  type DesktopProcess,
  type MeteredKind,
  type MetricPoint,
  type MetricQuery,
  type PhoneScreenshot,
  type PhoneTicketOutcome,
  type CommandResult,
  type PhoneAttributes,
  type PhoneContact,
  type ProxyHealth,
  type ProxyPoolEntry,
  type TrafficBytes,
} from '../types';
import { runShellCommand } from './phone-shell';
import { NO_FAULTS, createFails, type SimFaults } from './faults';
import {
  CREATION,
  DELETION,
  actionRule,
  assertAllowed,
  failedCreation,
  isTerminalStatus,
  type Reference,
  type Transition,
} from './lifecycle';
import { sha256 } from '../../../lib/crypto';
import { MINUTE_MS, minuteOf, percentAt, processesAt, trafficBetween } from './metrics';
import { seedOf } from './prng';
import * as repo from './repo';
import { PARAM_SCHEMAS, SPEC_SCHEMAS, describeIssues } from './specs';
import { issuePhoneTickets, phoneOfSession, redeemPhoneTicket, type ScreenSession } from './phone-screen';
import { renderPhoneScreen, screenViewOf } from './phone-screenshot';
import { poolStock, proxyLatencyMs, takeFromPool } from './proxy-pool';

/** A desktop as the simulated client sees it through a valid ticket (`openConnection`). */
export interface SimConnection {
  desktop: CloudResource<'desktop'>;
  /** CPU and memory use in percent this minute, while it runs; else null. */
  usage: { cpu: number; memory: number } | null;
  /** When the ticket stops opening it. */
  expiresAt: Date;
}

interface IssuedTicket {
  hash: string;
  /** ISO time. */
  expiresAt: string;
}

/** A desktop's tickets that still open it, oldest first. */
function liveTickets(row: repo.SimResourceRow, now: Date): IssuedTicket[] {
  const tickets = (row.attributes[TICKETS_KEY] as IssuedTicket[] | undefined) ?? [];
  return tickets.filter((ticket) => Date.parse(ticket.expiresAt) > now.getTime());
}

export interface SimCloudOptions {
  /** How many times faster than the real cloud transitions run (SIM_SPEED). */
  speed: number;
  faults?: SimFaults;
  /** Draws timeouts; tests may pass a fixed sequence. */
  random?: () => number;
}

/** Line speed assumed for the traffic of desktops and phones (their bandwidth lives on the network). */
const INSTANCE_LINE_MBPS = 10;
const TICKET_LIFETIME_MS = 5 * 60_000;
/** Where a desktop's ticket hashes are kept in its attributes, and how many at most. */
const TICKETS_KEY = '_tickets';
const MAX_LIVE_TICKETS = 10;
/** An instance id (64) and its dot and 43 characters of base64url, with room to spare. */
const MAX_TICKET_LENGTH = 200;
const MAX_METRIC_POINTS = 2_000;
/** What RunCommand accepts and answers at most (eds-aic limits a command's text and output too). */
const MAX_COMMAND_LENGTH = 4_096;
const MAX_COMMAND_OUTPUT = 64 * 1024;
/** Contacts in one import. */
const MAX_IMPORTED_CONTACTS = 10_000;

const INSTANCE_PREFIX: Record<CloudKind, string> = {
  desktop: 'ecd-',
  office_site: 'dir-',
  policy: 'pg-',
  phone: 'acp-',
  key_pair: 'kp-',
  eip: 'eip-',
  phone_network: 'un-',
  backup: 'bf-',
  proxy: 'rp-',
};

/** An upstream-looking id: a kind prefix and 17 random base-36 characters (office sites carry their region like ECD's). */
function newInstanceId(kind: CloudKind, region: string): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  const body = [...randomBytes(17)].map((byte) => alphabet[byte % 36]).join('');
  return kind === 'office_site'
    ? `${region}+${INSTANCE_PREFIX[kind]}${body}`
    : `${INSTANCE_PREFIX[kind]}${body}`;
}

function invalid(message: string, details: Record<string, unknown> = {}): CloudError {
  return new CloudError('invalid_parameter', message, details);
}

function requireText(field: string, value: unknown, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
    throw invalid(`${field} must be a non-empty string of at most ${max} characters`, { field });
  }
  return value;
}

/** `value` when it is one of `allowed`, else invalid_parameter naming the field. */
function requireOneOf<K extends string>(field: string, value: unknown, allowed: readonly K[]): K {
  if (!allowed.includes(value as K)) {
    throw invalid(`${field} must be one of ${allowed.join(', ')}`, { field, value });
  }
  return value as K;
}

function parse<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(`${what}: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

export class SimCloudProvider implements CloudProvider {
  readonly name = 'sim';
  private currentFaults: SimFaults;
  private readonly random: () => number;
  private readonly speed: number;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    options: SimCloudOptions,
  ) {
    if (!(options.speed > 0)) throw new RangeError('speed must be positive');
    this.speed = options.speed;
    this.currentFaults = { ...(options.faults ?? NO_FAULTS) };
    this.random = options.random ?? Math.random;
  }

  /** The faults in force; tests change them at run time. */
  get faults(): SimFaults {
    return { ...this.currentFaults };
  }

  setFaults(faults: Partial<SimFaults>): void {
    this.currentFaults = { ...this.currentFaults, ...faults };
  }

  async create<K extends CloudKind>(kind: K, request: CreateRequest<K>): Promise<CloudResource<K>> {
    await this.slow();
    requireOneOf('kind', kind, CLOUD_KINDS);
    const clientToken = requireText('clientToken', request.clientToken, 100);
    const region = requireText('region', request.region, 60);
    const spec = parse(SPEC_SCHEMAS[kind], request.spec, `${kind} spec`) as unknown as Record<
      string,
      unknown
    >;
    const timesOut = this.drawTimeout();
    const call = { operation: 'create', kind, clientToken, params: { region, spec } };
    const { row } = await this.recorded(call, timesOut, async (db, now) => {
      const replay = await this.replayedCreate(db, kind, clientToken, region, spec);
      if (replay) return { row: replay, effect: false };
      await this.checkReferences(db, CREATION[kind].references(spec as never));
      if (kind === 'proxy') await takeFromPool(db, now, String(spec.poolId));
      const instanceId = newInstanceId(kind, region);
      const transition = createFails(this.currentFaults, clientToken)
        ? failedCreation(kind)
        : CREATION[kind].transition;
      const inserted = await repo.insertResource(db, {
        kind,
        instanceId,
        region,
        clientToken,
        spec,
        attributes: CREATION[kind].attributes(spec as never, {
          now,
          seed: seedOf(instanceId),
          region,
          instanceId,
        }) as never,
        transition: this.scaled(transition),
        terminal: isTerminalStatus(transition.status),
        now,
      });
      if (inserted) return { row: inserted, effect: true };
      // A concurrent create with this token committed first (ON CONFLICT waited for it).
      const winner = await this.replayedCreate(db, kind, clientToken, region, spec);
      return { row: winner!, effect: false };
    });
    return this.toResource(kind, row, { keepSecrets: true });
  }

  async describe<K extends CloudKind>(kind: K, instanceIds: readonly string[]): Promise<CloudResource<K>[]> {
    await this.slow();
    requireOneOf('kind', kind, CLOUD_KINDS);
    const ids = [...new Set(instanceIds)];
    const db = this.database.db;
    await repo.settleDue(db, this.clock.now(), kind, ids);
    const rows = await repo.listResources(db, kind, ids);
    await repo.logCall(db, {
      operation: 'describe',
      kind,
      params: { instanceIds: ids },
      outcome: 'ok',
      createdAt: this.clock.now(),
    });
    return rows.map((row) => this.toResource(kind, row));
  }

  async findByClientToken<K extends CloudKind>(
    kind: K,
    clientToken: string,
  ): Promise<CloudResource<K> | undefined> {
    await this.slow();
    requireOneOf('kind', kind, CLOUD_KINDS);
    requireText('clientToken', clientToken, 100);
    const db = this.database.db;
    const found = await repo.findByToken(db, kind, clientToken);
    if (found) await repo.settleDue(db, this.clock.now(), kind, [found.instanceId]);
    const [row] = found ? await repo.listResources(db, kind, [found.instanceId]) : [];
    await repo.logCall(db, {
      operation: 'describe_token',
      kind,
      clientToken,
      instanceId: row?.instanceId ?? null,
      params: {},
      outcome: 'ok',
      createdAt: this.clock.now(),
    });
    return row && this.toResource(kind, row);
  }

  async act<K extends CloudKind, A extends CloudAction<K>>(
    kind: K,
    instanceId: string,
    action: A,
    params: CloudActionParams[K][A],
    clientToken: string,
  ): Promise<CloudResource<K>> {
    await this.slow();
    requireOneOf('kind', kind, CLOUD_KINDS);
    requireText('instanceId', instanceId, 64);
    requireText('clientToken', clientToken, 100);
    const rule = actionRule(kind, action);
    const schema = (PARAM_SCHEMAS[kind] as unknown as Record<string, z.ZodType<CloudActionParams[K][A]>>)[
      action
    ]!;
    const parsed = parse(schema, params ?? {}, `${kind} ${action} parameters`);
    const timesOut = this.drawTimeout();
    const call = {
      operation: 'act',
      kind,
      instanceId,
      action,
      clientToken,
      params: withoutSecrets(parsed as Record<string, unknown>),
    };
    const { row } = await this.recorded(call, timesOut, async (db, now) => {
      const current = await this.lockedForChange(db, kind, instanceId, now);
      const applied = await repo.findEffect(db, 'act', kind, clientToken);
      if (applied) {
        if (applied.instanceId !== instanceId || applied.action !== action) {
          throw new CloudError('token_conflict', `client token ${clientToken} was used for another call`, {
            clientToken,
          });
        }
        return { row: current, effect: false };
      }
      assertAllowed(kind, action, current.status, rule.from);
      const attributes = current.attributes as never;
      await this.checkReferences(db, rule.references?.(parsed as never, attributes) ?? []);
      const next =
        rule.apply?.(attributes, parsed as never, {
          now,
          seed: seedOf(instanceId),
          region: current.region,
        }) ?? attributes;
      const transition = rule.transition?.(parsed as never);
      const updated = await repo.updateResource(db, current.id, {
        attributes: next as unknown as Record<string, unknown>,
        transition: transition && this.scaled(transition),
        terminal: transition !== undefined && isTerminalStatus(transition.status),
        now,
      });
      return { row: updated, effect: true };
    });
    return this.toResource(kind, row);
  }

  async delete<K extends CloudKind>(
    kind: K,
    instanceId: string,
    clientToken: string,
  ): Promise<CloudResource<K>> {
    await this.slow();
    requireOneOf('kind', kind, CLOUD_KINDS);
    requireText('instanceId', instanceId, 64);
    requireText('clientToken', clientToken, 100);
    const timesOut = this.drawTimeout();
    const call = { operation: 'delete', kind, instanceId, clientToken };
    const { row } = await this.recorded(call, timesOut, async (db, now) => {
      const current = await this.lockedForChange(db, kind, instanceId, now);
      const applied = await repo.findEffect(db, 'delete', kind, clientToken);
      if (applied && applied.instanceId !== instanceId) {
        throw new CloudError('token_conflict', `client token ${clientToken} was used for another call`, {
          clientToken,
        });
      }
      // Deleting what is already gone (or going) answers its state: a retry after a lost answer.
      const { from, transition } = DELETION[kind];
      const going = transition.later.some((later) => later.status === current.status);
      if (applied || isTerminalStatus(current.status) || going) return { row: current, effect: false };
      assertAllowed(kind, 'delete', current.status, from);
      const updated = await repo.updateResource(db, current.id, {
        attributes: current.attributes,
        transition: this.scaled(transition),
        terminal: isTerminalStatus(transition.status),
        now,
      });
      return { row: updated, effect: true };
    });
    return this.toResource(kind, row);
  }

  async metrics(kind: MeteredKind, instanceId: string, query: MetricQuery): Promise<MetricPoint[]> {
    await this.slow();
    requireOneOf('kind', kind, METERED_KINDS);
    const metric = requireOneOf('metric', query.metric, CLOUD_METRICS);
    const percent = metric === 'cpu' || metric === 'memory' || metric === 'disk';
    if (percent && kind !== 'desktop' && kind !== 'phone') throw invalid(`${kind} has no ${metric} metric`);
    const stepMs = query.stepSeconds * 1000;
    if (!Number.isInteger(query.stepSeconds) || query.stepSeconds < 60 || query.stepSeconds % 60 !== 0) {
      throw invalid('stepSeconds must be a positive multiple of 60', { field: 'stepSeconds' });
    }
    const first = Math.floor(query.from.getTime() / stepMs) * stepMs;
    if (!(query.to > query.from) || (query.to.getTime() - first) / stepMs > MAX_METRIC_POINTS) {
      throw invalid(`from must precede to, with at most ${MAX_METRIC_POINTS} steps between them`);
    }
    const row = await this.settledOne(kind, instanceId, 'metrics', { ...query });
    const seed = seedOf(row.instanceId);
    const points: MetricPoint[] = [];
    for (let start = first; start < query.to.getTime(); start += stepMs) {
      const window = lifeWindow(row, start, start + stepMs);
      if (window === undefined) continue;
      if (percent) {
        points.push({ at: new Date(start), value: percentAt(seed, metric, window.fromMinute) });
        continue;
      }
      const moved = trafficBetween(seed, lineMbps(row), window.fromMinute, window.toMinute);
      const bytes = metric.endsWith('_in') ? moved.inBytes : moved.outBytes;
      const value = metric.startsWith('traffic') ? bytes : Math.round((bytes * 8) / query.stepSeconds);
      points.push({ at: new Date(start), value });
    }
    return points;
  }

  async trafficBytes(
    kind: MeteredKind,
    instanceIds: readonly string[],
    from: Date,
    to: Date,
  ): Promise<Map<string, TrafficBytes>> {
    await this.slow();
    requireOneOf('kind', kind, METERED_KINDS);
    if (!(to >= from)) throw invalid('from must not be after to');
    const ids = [...new Set(instanceIds)];
    const db = this.database.db;
    await repo.settleDue(db, this.clock.now(), kind, ids);
    const rows = await repo.listResources(db, kind, ids);
    await repo.logCall(db, {
      operation: 'traffic',
      kind,
      params: { count: ids.length, from: from.toISOString(), to: to.toISOString() },
      outcome: 'ok',
      createdAt: this.clock.now(),
    });
    const traffic = new Map<string, TrafficBytes>();
    for (const row of rows) {
      const window = lifeWindow(row, from.getTime(), to.getTime());
      const moved = window
        ? trafficBetween(seedOf(row.instanceId), lineMbps(row), window.fromMinute, window.toMinute)
        : { inBytes: 0, outBytes: 0 };
      traffic.set(row.instanceId, { inBytes: BigInt(moved.inBytes), outBytes: BigInt(moved.outBytes) });
    }
    return traffic;
  }

  /**
   * A ticket `<instance id>.<256 random bits>`: the instance says which desktop it opens, and the
   * sim keeps only its SHA-256 (with its expiry) on the desktop, so `openConnection` can verify it
   * in any process while neither database holds a usable ticket.
   */
  async connectionTicket(desktopInstanceId: string): Promise<ConnectionTicket> {
    await this.slow();
    requireText('instanceId', desktopInstanceId, 64);
    const ticket = `${desktopInstanceId}.${randomBytes(32).toString('base64url')}`;
    const call = { operation: 'connection_ticket', kind: 'desktop', instanceId: desktopInstanceId };
    let expiresAt = new Date(0);
    await this.recorded(call, false, async (db, now) => {
      const current = await this.lockedForChange(db, 'desktop', desktopInstanceId, now);
      assertAllowed('desktop', 'connect', current.status, ['running']);
      const attributes = current.attributes as { connectedSessions: number };
      expiresAt = new Date(now.getTime() + TICKET_LIFETIME_MS);
      const tickets = [
        ...liveTickets(current, now).slice(1 - MAX_LIVE_TICKETS),
        { hash: sha256(ticket), expiresAt: expiresAt.toISOString() },
      ];
      const updated = await repo.updateResource(db, current.id, {
        attributes: {
          ...attributes,
          connectedSessions: attributes.connectedSessions + 1,
          [TICKETS_KEY]: tickets,
        },
        terminal: false,
        now,
      });
      return { row: updated, effect: true };
    });
    return { ticket, expiresAt };
  }

  /**
   * What the simulated client shows for a ticket: the desktop as described now and, while it runs,
   * this minute's CPU and memory use. Undefined for a ticket this cloud did not issue or that has
   * expired (the sim's stand-in for the Wuying client's connection; not part of `CloudProvider`).
   */
  async openConnection(ticket: string): Promise<SimConnection | undefined> {
    await this.slow();
    const dot = ticket.lastIndexOf('.');
    if (dot <= 0 || ticket.length > MAX_TICKET_LENGTH) return undefined;
    const instanceId = ticket.slice(0, dot);
    const now = this.clock.now();
    await repo.settleDue(this.database.db, now, 'desktop', [instanceId]);
    const [row] = await repo.listResources(this.database.db, 'desktop', [instanceId]);
    const hash = sha256(ticket);
    const issued = row && liveTickets(row, now).find((entry) => entry.hash === hash);
    if (!row || !issued) return undefined;
    const seed = seedOf(row.instanceId);
    const minute = minuteOf(now);
    return {
      desktop: this.toResource('desktop', row),
      usage:
        row.status === 'running'
          ? { cpu: percentAt(seed, 'cpu', minute), memory: percentAt(seed, 'memory', minute) }
          : null,
      expiresAt: new Date(issued.expiresAt),
    };
  }

  async phoneConnectionTickets(
    phoneInstanceIds: readonly string[],
  ): Promise<Map<string, PhoneTicketOutcome>> {
    await this.slow();
    for (const instanceId of phoneInstanceIds) requireText('instanceId', instanceId, 64);
    return issuePhoneTickets(this.database, this.clock.now(), phoneInstanceIds);
  }

  async phoneScreenshot(phoneInstanceId: string, language: Language): Promise<PhoneScreenshot> {
    await this.slow();
    requireText('instanceId', phoneInstanceId, 64);
    // Not logged: the screenshot wall asks for every running phone every few seconds, and a read
    // that changes nothing is no upstream effect a test counts (sim_calls would only grow).
    const row = await this.settledOne('phone', phoneInstanceId, 'phone_screenshot', {}, { log: false });
    assertAllowed('phone', 'screenshot', row.status, ['running']);
    const now = this.clock.now();
    const svg = renderPhoneScreen(screenViewOf(row, { language, now, offLabel: null }));
    return { contentType: 'image/svg+xml', data: Buffer.from(svg), takenAt: now };
  }

  /**
   * The simulated screen page's side of a ticket (not part of `CloudProvider`: upstream the ACP
   * SDK redeems it): uses it up and answers the screen session it starts, or undefined.
   */
  async redeemPhoneTicket(ticket: string): Promise<ScreenSession | undefined> {
    await this.slow();
    return redeemPhoneTicket(this.database, this.clock.now(), ticket);
  }

  /** The phone a screen session shows, described now, or undefined for a session that is over. */
  async phoneOfScreenSession(instanceId: string, session: string) {
    await this.slow();
    const found = await phoneOfSession(this.database.db, this.clock.now(), instanceId, session);
    return (
      found && { phone: this.toResource('phone', found.row), row: found.row, expiresAt: found.expiresAt }
    );
  }

  async processes(desktopInstanceId: string): Promise<DesktopProcess[]> {
    await this.slow();
    requireText('instanceId', desktopInstanceId, 64);
    const row = await this.settledOne('desktop', desktopInstanceId, 'processes', {});
    assertAllowed('desktop', 'processes', row.status, ['running']);
    const endUsers = (row.attributes.endUsers as string[] | undefined) ?? [];
    return processesAt(
      seedOf(row.instanceId),
      minuteOf(this.clock.now()),
      endUsers[0] ?? BUILTIN_DESKTOP_USER,
    );
  }

  /**
   * A shell command on a running phone (`phone-shell.ts` answers it from the phone's attributes);
   * invalid_state on any other status. Logged as a read: it changes nothing the sim keeps.
   */
  async runCommand(phoneInstanceId: string, command: string): Promise<CommandResult> {
    await this.slow();
    requireText('instanceId', phoneInstanceId, 64);
    requireText('command', command, MAX_COMMAND_LENGTH);
    const row = await this.settledOne('phone', phoneInstanceId, 'run_command', { command });
    assertAllowed('phone', 'run_command', row.status, ['running']);
    const result = runShellCommand(command, {
      instanceId: row.instanceId,
      attributes: row.attributes as unknown as PhoneAttributes,
      seed: seedOf(row.instanceId),
      now: this.clock.now(),
      // The row's last change: at the latest, when it started running.
      bootedAt: row.updatedAt,
    });
    return { output: result.output.slice(0, MAX_COMMAND_OUTPUT), exitCode: result.exitCode };
  }

  /** Adds contacts to a running phone's address book (the sim keeps their number); once per token. */
  async importContacts(
    phoneInstanceId: string,
    contacts: readonly PhoneContact[],
    clientToken: string,
  ): Promise<{ imported: number; total: number }> {
    await this.slow();
    requireText('instanceId', phoneInstanceId, 64);
    requireText('clientToken', clientToken, 100);
    if (!Array.isArray(contacts) || contacts.length === 0 || contacts.length > MAX_IMPORTED_CONTACTS) {
      throw invalid(`contacts must hold 1–${MAX_IMPORTED_CONTACTS} entries`, { field: 'contacts' });
    }
    contacts.forEach((contact, index) => {
      requireText(`contacts.${index}.name`, contact.name, 200);
      requireText(`contacts.${index}.phone`, contact.phone, 40);
    });
    const timesOut = this.drawTimeout();
    const call = {
      operation: 'import_contacts',
      kind: 'phone',
      instanceId: phoneInstanceId,
      clientToken,
      params: { count: contacts.length },
    };
    const { row } = await this.recorded(call, timesOut, async (db, now) => {
      const current = await this.lockedForChange(db, 'phone', phoneInstanceId, now);
      const applied = await repo.findEffect(db, 'import_contacts', 'phone', clientToken);
      if (applied) {
        if (applied.instanceId !== phoneInstanceId) {
          throw new CloudError('token_conflict', `client token ${clientToken} was used for another call`, {
            clientToken,
          });
        }
        return { row: current, effect: false };
      }
      assertAllowed('phone', 'import_contacts', current.status, ['running']);
      const attributes = current.attributes as unknown as PhoneAttributes;
      const updated = await repo.updateResource(db, current.id, {
        attributes: { ...current.attributes, contactCount: (attributes.contactCount ?? 0) + contacts.length },
        terminal: false,
        now,
      });
      return { row: updated, effect: true };
    });
    return { imported: contacts.length, total: Number(row.attributes.contactCount) };
  }

  async proxyPool(): Promise<ProxyPoolEntry[]> {
    await this.slow();
    return poolStock(this.database.db, this.clock.now());
  }

  async checkProxies(instanceIds: readonly string[]): Promise<Map<string, ProxyHealth>> {
    await this.slow();
    const ids = [...new Set(instanceIds)];
    const db = this.database.db;
    const now = this.clock.now();
    await repo.settleDue(db, now, 'proxy', ids);
    const rows = await repo.listResources(db, 'proxy', ids);
    await repo.logCall(db, {
      operation: 'check_proxies',
      kind: 'proxy',
      params: { instanceIds: ids },
      outcome: 'ok',
      createdAt: now,
    });
    return new Map(
      rows.map((row) => {
        const reachable = row.status === 'available';
        const latencyMs = reachable ? proxyLatencyMs(String(row.spec.poolId), row.instanceId, now) : null;
        return [row.instanceId, { reachable, latencyMs, checkedAt: now }];
      }),
    );
  }

  // -------------------------------------------------------------------------------------------

  /** Runs a changing call in one transaction with its sim_calls row; failures are logged apart. */
  private async recorded<T extends { row: repo.SimResourceRow; effect: boolean }>(
    call: Omit<repo.SimCallInsert, 'outcome' | 'createdAt'>,
    timesOut: boolean,
    work: (db: Db, now: Date) => Promise<T>,
  ): Promise<T> {
    let result: T;
    try {
      result = await inTransaction(this.database.pool, async ({ db }) => {
        const now = this.clock.now();
        const done = await work(db, now);
        const outcome = timesOut ? 'timeout' : done.effect ? 'ok' : 'replayed';
        await repo.logCall(db, { ...call, effect: done.effect, outcome, createdAt: now });
        return done;
      });
    } catch (error) {
      const code = isCloudError(error) ? error.code : 'internal';
      await repo
        .logCall(this.database.db, {
          ...call,
          outcome: 'error',
          errorCode: code,
          createdAt: this.clock.now(),
        })
        .catch(() => undefined);
      throw error;
    }
    // The nasty case: the cloud did the work, the answer never arrived.
    if (timesOut) throw new CloudError('timeout', `the cloud did not answer ${call.operation} in time`);
    return result;
  }

  /** The existing resource of a create's token; a different request under it is a conflict. */
  private async replayedCreate(
    db: Db,
    kind: CloudKind,
    clientToken: string,
    region: string,
    spec: Record<string, unknown>,
  ) {
    const existing = await repo.findByToken(db, kind, clientToken);
    if (existing && (existing.region !== region || !isDeepStrictEqual(existing.spec, spec))) {
      throw new CloudError('token_conflict', `client token ${clientToken} created a different ${kind}`, {
        clientToken,
        instanceId: existing.instanceId,
      });
    }
    return existing;
  }

  /** The resource with its due transitions applied, locked for this transaction. */
  private async lockedForChange(db: Db, kind: CloudKind, instanceId: string, now: Date) {
    await repo.settleDue(db, now, kind, [instanceId]);
    const row = await repo.lockResource(db, kind, instanceId, 'update');
    if (!row) throw new CloudError('not_found', `no ${kind} ${instanceId}`, { kind, instanceId });
    return row;
  }

  /** One resource, settled, for a read; logs the read. */
  private async settledOne(
    kind: CloudKind,
    instanceId: string,
    operation: string,
    params: Record<string, unknown>,
    { log = true }: { log?: boolean } = {},
  ) {
    const db = this.database.db;
    const now = this.clock.now();
    await repo.settleDue(db, now, kind, [instanceId]);
    const [row] = await repo.listResources(db, kind, [instanceId]);
    if (log) {
      await repo.logCall(db, {
        operation,
        kind,
        instanceId,
        params,
        outcome: row ? 'ok' : 'error',
        errorCode: row ? null : 'not_found',
        createdAt: now,
      });
    }
    if (!row) throw new CloudError('not_found', `no ${kind} ${instanceId}`, { kind, instanceId });
    return row;
  }

  /** Each referenced resource must exist in one of its statuses; kept from changing until commit. */
  private async checkReferences(db: Db, references: Reference[]): Promise<void> {
    const now = this.clock.now();
    for (const reference of references) {
      await repo.settleDue(db, now, reference.kind, [reference.instanceId]);
      const row = await repo.lockResource(db, reference.kind, reference.instanceId, 'share');
      if (!row) {
        throw new CloudError(
          'not_found',
          `${reference.field}: no ${reference.kind} ${reference.instanceId}`,
          {
            field: reference.field,
          },
        );
      }
      if (!reference.statuses.includes(row.status)) {
        throw new CloudError(
          'invalid_state',
          `${reference.field}: the ${reference.kind} ${reference.instanceId} is ${row.status}`,
          { field: reference.field, status: row.status, allowed: reference.statuses },
        );
      }
    }
  }

  /** A transition with its durations turned into milliseconds at this speed. */
  private scaled(transition: Transition): repo.StoredTransition {
    return {
      status: transition.status,
      later: transition.later.map((later) => ({
        status: later.status,
        ms: Math.round((later.seconds * 1000) / this.speed),
      })),
    };
  }

  private async slow(): Promise<void> {
    if (this.currentFaults.slowMs > 0) await sleep(this.currentFaults.slowMs);
  }

  private drawTimeout(): boolean {
    return this.currentFaults.timeout > 0 && this.random() < this.currentFaults.timeout;
  }

  private toResource<K extends CloudKind>(
    kind: K,
    row: repo.SimResourceRow,
    options: { keepSecrets?: boolean } = {},
  ): CloudResource<K> {
    // The sim's own bookkeeping (connection ticket hashes) is no attribute of the resource.
    const attributes = Object.fromEntries(
      Object.entries(row.attributes).filter(([key]) => !key.startsWith('_')),
    );
    // A generated private key is handed out by create only, as upstream clouds do.
    if (!options.keepSecrets) delete attributes.privateKeyBody;
    return {
      kind,
      instanceId: row.instanceId,
      region: row.region,
      status: row.status as CloudResource<K>['status'],
      attributes: attributes as unknown as CloudResource<K>['attributes'],
      createdAt: row.createdAt,
      deletedAt: row.deletedAt,
    };
  }
}

/** The bandwidth a resource's traffic is drawn against. */
function lineMbps(row: repo.SimResourceRow): number {
  const bandwidth = row.attributes.bandwidthMbps;
  return typeof bandwidth === 'number' ? bandwidth : INSTANCE_LINE_MBPS;
}

/**
 * The whole minutes of [fromMs, toMs) during which the resource existed (minutes are counted by
 * their start, so adjacent windows never share one); undefined when none.
 */
function lifeWindow(row: repo.SimResourceRow, fromMs: number, toMs: number) {
  const start = Math.max(fromMs, row.createdAt.getTime());
  const end = Math.min(toMs, row.deletedAt?.getTime() ?? toMs);
  const fromMinute = Math.ceil(start / MINUTE_MS);
  const toMinute = Math.ceil(end / MINUTE_MS);
  return toMinute > fromMinute ? { fromMinute, toMinute } : undefined;
}

/** An action's parameters as the call log keeps them: a proxy's password is not written down. */
function withoutSecrets(params: Record<string, unknown>): Record<string, unknown> {
  const proxy = params.proxy as Record<string, unknown> | null | undefined;
  if (!proxy || typeof proxy !== 'object' || !('password' in proxy)) return params;
  return { ...params, proxy: { ...proxy, password: '******' } };
}
