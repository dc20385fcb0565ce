/**
 * The simulated cloud's pool of static residential IPs: where it offers them, which ISP, how many
 * in all. Stock is not stored: it is the capacity less the live proxies made from the entry, so a
 * purchase takes one and a release gives it back without bookkeeping that could drift.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { simResources } from '../../../db/schema';
import { CloudError, TERMINAL_STATUSES, type ProxyPoolEntry } from '../types';
import { intBetween, mix, seedOf } from './prng';

interface PoolLocation {
  poolId: string;
  country: string;
  city: string;
  isp: string;
  capacity: number;
  /** The first two octets the ISP's residential lines are numbered from. */
  prefix: string;
  /** Typical round trip from the provider's probe, ms. */
  baseLatencyMs: number;
}

const location = (
  poolId: string,
  country: string,
  city: string,
  isp: string,
  capacity: number,
  prefix: string,
  baseLatencyMs: number,
): PoolLocation => ({ poolId, country, city, isp, capacity, prefix, baseLatencyMs });

export const PROXY_POOL: readonly PoolLocation[] = [
  location('us-lax-att', 'US', 'Los Angeles', 'AT&T', 120, '99.120', 160),
  location('us-nyc-verizon', 'US', 'New York', 'Verizon', 90, '71.190', 210),
  location('us-dfw-comcast', 'US', 'Dallas', 'Comcast', 60, '73.6', 190),
  location('us-mia-spectrum', 'US', 'Miami', 'Spectrum', 12, '97.104', 220),
  location('gb-lon-bt', 'GB', 'London', 'BT', 80, '86.150', 230),
  location('gb-man-virgin', 'GB', 'Manchester', 'Virgin Media', 30, '82.36', 240),
  location('de-fra-telekom', 'DE', 'Frankfurt', 'Deutsche Telekom', 70, '79.203', 220),
  location('fr-par-orange', 'FR', 'Paris', 'Orange', 50, '90.40', 225),
  location('jp-tyo-ntt', 'JP', 'Tokyo', 'NTT', 100, '153.142', 60),
  location('jp-osa-kddi', 'JP', 'Osaka', 'KDDI', 25, '106.128', 70),
  location('sg-sin-singtel', 'SG', 'Singapore', 'Singtel', 40, '116.86', 55),
  location('hk-hkg-pccw', 'HK', 'Hong Kong', 'PCCW', 45, '112.118', 35),
  location('tw-tpe-hinet', 'TW', 'Taipei', 'HiNet', 35, '114.36', 50),
  location('kr-sel-kt', 'KR', 'Seoul', 'KT', 30, '175.223', 65),
  location('br-sao-vivo', 'BR', 'São Paulo', 'Vivo', 20, '177.36', 320),
  location('au-syd-telstra', 'AU', 'Sydney', 'Telstra', 3, '120.20', 150),
];

export function poolLocation(poolId: string): PoolLocation {
  const found = PROXY_POOL.find((entry) => entry.poolId === poolId);
  if (!found) throw new CloudError('invalid_parameter', `no residential pool ${poolId}`, { field: 'poolId' });
  return found;
}

const terminal = sql.raw(TERMINAL_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * Live proxies per pool entry: not deleted, and not about to be (a release or failure already due
 * counts as returned even before a read settles it).
 */
async function usedByPool(db: Db, now: Date, poolId?: string): Promise<Map<string, number>> {
  const poolOf = sql<string>`${simResources.spec} ->> 'poolId'`;
  const rows = await db
    .select({ poolId: poolOf, used: sql<number>`count(*)::int` })
    .from(simResources)
    .where(
      and(
        eq(simResources.kind, 'proxy'),
        isNull(simResources.deletedAt),
        sql`not (${simResources.status} in (${terminal}))`,
        sql`not (coalesce(${simResources.nextStatus} in (${terminal}), false) and ${simResources.dueAt} <= ${now})`,
        poolId === undefined ? undefined : eq(poolOf, poolId),
      ),
    )
    .groupBy(poolOf);
  return new Map(rows.map((row) => [row.poolId, row.used]));
}

export async function poolStock(db: Db, now: Date): Promise<ProxyPoolEntry[]> {
  const used = await usedByPool(db, now);
  return PROXY_POOL.map(({ poolId, country, city, isp, capacity }) => ({
    poolId,
    country,
    city,
    isp,
    stock: Math.max(0, capacity - (used.get(poolId) ?? 0)),
  }));
}

/**
 * Takes one IP of the entry for a create in the caller's transaction: serialised per entry by a
 * transaction lock, so two creates cannot both take the last one; none left → invalid_parameter.
 */
export async function takeFromPool(db: Db, now: Date, poolId: string): Promise<PoolLocation> {
  const entry = poolLocation(poolId);
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sim-proxy-pool:${poolId}`}))`);
  const used = (await usedByPool(db, now, poolId)).get(poolId) ?? 0;
  if (used >= entry.capacity) {
    throw new CloudError('invalid_parameter', `residential pool ${poolId} is out of stock`, {
      field: 'poolId',
      reason: 'out_of_stock',
    });
  }
  return entry;
}

/** The line's address, port and credentials, stable for the instance. */
export function proxyEndpoint(entry: PoolLocation, instanceId: string) {
  const seed = seedOf(instanceId);
  const alphabet = 'abcdefghijkmnopqrstuvwxyz23456789';
  const secret = Array.from({ length: 16 }, (_, index) => alphabet[mix(seed, 200 + index) % alphabet.length]);
  return {
    address: `${entry.prefix}.${intBetween(seed, 31, 0, 255)}.${intBetween(seed, 32, 1, 254)}`,
    port: intBetween(seed, 33, 10_000, 60_000),
    username: `u${intBetween(seed, 34, 100_000, 999_999)}`,
    password: secret.join(''),
  };
}

/** The probe's round trip this minute: the location's typical latency ± 30 %. */
export function proxyLatencyMs(poolId: string, instanceId: string, at: Date): number {
  const entry = poolLocation(poolId);
  const minute = Math.floor(at.getTime() / 60_000);
  const swing = intBetween(seedOf(instanceId), minute % 100_000, -30, 30);
  return Math.max(5, Math.round((entry.baseLatencyMs * (100 + swing)) / 100));
}
