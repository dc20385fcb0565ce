/** SQL of the simulated cloud: only `sim_resources` and `sim_calls`. */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { simCalls, simResources } from '../../../db/schema';
import { TERMINAL_STATUSES, type CloudKind } from '../types';

export type SimResourceRow = typeof simResources.$inferSelect;
export type SimCallInsert = typeof simCalls.$inferInsert;

/** A transition as stored: the status now, then each later one `ms` after the previous. */
export interface StoredTransition {
  status: string;
  later: { status: string; ms: number }[];
}

/** The transition columns for a resource entering `transition` at `now`. */
function transitionColumns(transition: StoredTransition, now: Date) {
  const [first, ...rest] = transition.later;
  return {
    status: transition.status,
    nextStatus: first?.status ?? null,
    dueAt: first === undefined ? null : new Date(now.getTime() + first.ms),
    laterSteps: rest,
    updatedAt: now,
  };
}

const terminal = sql.raw(TERMINAL_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * Applies every transition due by `now` to the given resources, set-based: each pass moves every
 * due resource one step (its next step is due relative to this one's due time, not to the read),
 * and passes repeat until nothing is due, so a resource read late lands where the timeline says.
 */
export async function settleDue(db: Db, now: Date, kind: CloudKind, instanceIds: readonly string[]) {
  if (instanceIds.length === 0) return;
  // A chain is at most a few steps long; the bound only guards against a malformed row.
  for (let pass = 0; pass < 10; pass += 1) {
    const moved = await db
      .update(simResources)
      .set({
        status: sql`${simResources.nextStatus}`,
        nextStatus: sql`${simResources.laterSteps} -> 0 ->> 'status'`,
        dueAt: sql`CASE WHEN jsonb_array_length(${simResources.laterSteps}) > 0
          THEN ${simResources.dueAt} + ((${simResources.laterSteps} -> 0 ->> 'ms')::int * interval '1 millisecond') END`,
        laterSteps: sql`${simResources.laterSteps} - 0`,
        updatedAt: sql`${simResources.dueAt}`,
        deletedAt: sql`CASE WHEN ${simResources.nextStatus} IN (${terminal}) THEN ${simResources.dueAt} ELSE ${simResources.deletedAt} END`,
      })
      .where(
        and(
          lte(simResources.dueAt, now),
          eq(simResources.kind, kind),
          inArray(simResources.instanceId, [...instanceIds]),
        ),
      )
      .returning({ id: simResources.id });
    if (moved.length === 0) return;
  }
}

export async function findByToken(db: Db, kind: CloudKind, clientToken: string) {
  const [row] = await db
    .select()
    .from(simResources)
    .where(and(eq(simResources.kind, kind), eq(simResources.clientToken, clientToken)));
  return row;
}

export interface NewResource {
  kind: CloudKind;
  instanceId: string;
  region: string;
  clientToken: string;
  spec: Record<string, unknown>;
  attributes: Record<string, unknown>;
  transition: StoredTransition;
  terminal: boolean;
  now: Date;
}

/** Inserts the resource unless its (kind, token) exists; undefined when another create won. */
export async function insertResource(db: Db, resource: NewResource) {
  const [row] = await db
    .insert(simResources)
    .values({
      kind: resource.kind,
      instanceId: resource.instanceId,
      region: resource.region,
      clientToken: resource.clientToken,
      spec: resource.spec,
      attributes: resource.attributes,
      ...transitionColumns(resource.transition, resource.now),
      createdAt: resource.now,
      deletedAt: resource.terminal ? resource.now : null,
    })
    .onConflictDoNothing({ target: [simResources.kind, simResources.clientToken] })
    .returning();
  return row;
}

export async function listResources(db: Db, kind: CloudKind, instanceIds: readonly string[]) {
  if (instanceIds.length === 0) return [];
  return db
    .select()
    .from(simResources)
    .where(and(eq(simResources.kind, kind), inArray(simResources.instanceId, [...instanceIds])))
    .orderBy(simResources.id);
}

/** The resource, its row locked until the transaction ends (`share`: only kept from changing). */
export async function lockResource(db: Db, kind: CloudKind, instanceId: string, mode: 'update' | 'share') {
  const query = db
    .select()
    .from(simResources)
    .where(and(eq(simResources.kind, kind), eq(simResources.instanceId, instanceId)));
  const [row] = await (mode === 'update' ? query.for('update') : query.for('share'));
  return row;
}

/** Stores an action's or delete's outcome: new attributes and the transition it started. */
export async function updateResource(
  db: Db,
  id: number,
  change: {
    attributes: Record<string, unknown>;
    transition?: StoredTransition;
    terminal: boolean;
    now: Date;
  },
) {
  const [row] = await db
    .update(simResources)
    .set({
      attributes: change.attributes,
      updatedAt: change.now,
      ...(change.transition === undefined ? {} : transitionColumns(change.transition, change.now)),
      ...(change.terminal ? { deletedAt: change.now } : {}),
    })
    .where(eq(simResources.id, id))
    .returning();
  return row!;
}

/** The call that had the effect of this token, if any. */
export async function findEffect(db: Db, operation: string, kind: CloudKind, clientToken: string) {
  const [row] = await db
    .select()
    .from(simCalls)
    .where(
      and(
        eq(simCalls.operation, operation),
        eq(simCalls.kind, kind),
        eq(simCalls.clientToken, clientToken),
        eq(simCalls.effect, true),
      ),
    );
  return row;
}

export async function logCall(db: Db, call: SimCallInsert): Promise<void> {
  await db.insert(simCalls).values(call);
}
