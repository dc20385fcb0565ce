/**
 * Hourly billing for journeys: the server's own `billing.hourly` step run from the test process
 * against the app's database, on a clock ahead of time, so a journey sees an hour billed without
 * waiting for one (and without any test-only route in the product).
 */
import pg from 'pg';
import { createCoreDeps } from '../../server/src/app-deps';
import { loadConfig } from '../../server/src/config/env';
import { createDatabase } from '../../server/src/db/client';
import { ManualClock } from '../../server/src/lib/clock';
import { HOUR_MS, hourFloor, runHourlyBilling } from '../../server/src/modules/billing/hourly';
import { databaseURL } from '../playwright.config';

/** What the billed hour cost one resource (its `resource_hour_charges` row), in micro-dollars. */
export interface BilledHour {
  hourStart: Date;
  outcome: string;
  runMicros: bigint;
  trafficMicros: bigint;
}

async function query<T extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseURL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Bills the hour in which the resource `resourceId` (a desktop id) was created: one run of
 * `runHourlyBilling`, the step the `billing.hourly` job runs for each hour, on a `ManualClock` two
 * hours ahead (the hour is over for it). Like the job it bills every resource of that hour, and
 * each resource-hour only once: had the app's own worker billed it already, nothing more is taken.
 * Answers the resource's charge of that hour.
 */
export async function billCreationHour(resourceId: string): Promise<BilledHour> {
  const [resource] = await query<{ id: string; created_at: Date }>(
    'SELECT id::text, created_at FROM resources WHERE resource_id = $1',
    [resourceId],
  );
  if (!resource) throw new Error(`no resource ${resourceId}`);
  const hourStart = hourFloor(resource.created_at);
  // The same cloud settings as the app under test (it inherits this environment).
  const config = loadConfig({
    DATABASE_URL: databaseURL,
    CLOUD_PROVIDER: process.env.CLOUD_PROVIDER,
    SIM_SPEED: process.env.SIM_SPEED,
    SIM_FAULTS: process.env.SIM_FAULTS,
  });
  const database = createDatabase(databaseURL, { max: 2 });
  try {
    const clock = new ManualClock(Date.now() + 2 * HOUR_MS);
    await runHourlyBilling(createCoreDeps(config, database, clock), hourStart);
  } finally {
    await database.close();
  }
  const [charge] = await query<{ outcome: string; run_micros: string; traffic_micros: string }>(
    `SELECT outcome, run_micros::text, traffic_micros::text FROM resource_hour_charges
      WHERE resource_id = $1 AND hour_start = $2`,
    [resource.id, hourStart],
  );
  if (!charge) throw new Error(`${resourceId} was not billed for ${hourStart.toISOString()}`);
  return {
    hourStart,
    outcome: charge.outcome,
    runMicros: BigInt(charge.run_micros),
    trafficMicros: BigInt(charge.traffic_micros),
  };
}
