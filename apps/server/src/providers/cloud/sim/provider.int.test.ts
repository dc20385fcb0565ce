import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../../test/context';
import { ManualClock } from '../../../lib/clock';
import { createCloudProvider } from '../index';
import { CloudError, type CloudErrorCode, type DesktopSpec } from '../types';
import { NO_FAULTS } from './faults';
import { SimCloudProvider } from './provider';

const REGION = 'cn-hangzhou';
const START = new Date('2026-11-22T02:00:00Z');
const SECOND = 1000;

let testDb: TestDatabase;
let clock: ManualClock;
let cloud: SimCloudProvider;

beforeAll(async () => {
  testDb = await createTestDatabase();
});

afterAll(async () => {
  await testDb.drop();
});

beforeEach(() => {
  clock = new ManualClock(START);
  // Speed 1: durations are the upstream seconds, moved by the manual clock.
  cloud = new SimCloudProvider(testDb.database, clock, { speed: 1 });
});

const token = () => randomUUID();

async function effects(operation: string, clientToken: string): Promise<number> {
  const { rows } = await testDb.database.pool.query(
    'SELECT count(*)::int AS n FROM sim_calls WHERE operation = $1 AND client_token = $2 AND effect',
    [operation, clientToken],
  );
  return rows[0].n;
}

async function resourcesWithToken(clientToken: string): Promise<number> {
  const { rows } = await testDb.database.pool.query(
    'SELECT count(*)::int AS n FROM sim_resources WHERE client_token = $1',
    [clientToken],
  );
  return rows[0].n;
}

async function cloudError(promise: Promise<unknown>): Promise<CloudError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CloudError) return error;
    throw error;
  }
  throw new Error('expected a CloudError');
}

async function expectCloudError(promise: Promise<unknown>, code: CloudErrorCode) {
  const error = await cloudError(promise);
  expect(error.code, error.message).toBe(code);
  return error;
}

async function statusOf(kind: Parameters<SimCloudProvider['describe']>[0], instanceId: string) {
  const [resource] = await cloud.describe(kind, [instanceId]);
  return resource?.status;
}

/** An office site that has finished creating (the clock moves past its 30 s). */
async function readyOfficeSite(bandwidthMbps = 50) {
  const site = await cloud.create('office_site', {
    clientToken: token(),
    region: REGION,
    spec: { name: 'office', bandwidthMbps, chargeType: 'payg' },
  });
  clock.advance(30 * SECOND);
  expect(await statusOf('office_site', site.instanceId)).toBe('normal');
  return site;
}

function desktopSpec(officeSiteId: string): DesktopSpec {
  return {
    name: 'desk',
    officeSiteId,
    bundleId: 'bundle-4c8g',
    imageId: 'img-win11',
    cpu: 4,
    memoryGiB: 8,
    systemDiskGiB: 80,
    chargeType: 'subscription',
    periodMonths: 1,
  };
}

async function runningDesktop() {
  const site = await readyOfficeSite();
  const desktop = await cloud.create('desktop', {
    clientToken: token(),
    region: REGION,
    spec: desktopSpec(site.instanceId),
  });
  clock.advance(90 * SECOND);
  expect(await statusOf('desktop', desktop.instanceId)).toBe('running');
  return desktop;
}

async function runningPhone() {
  const phone = await cloud.create('phone', {
    clientToken: token(),
    region: REGION,
    spec: {
      name: 'phone-1',
      specId: 'acp.basic.small',
      imageId: 'android-12',
      cpu: 2,
      memoryGiB: 4,
      diskGiB: 32,
      chargeType: 'payg',
    },
  });
  clock.advance(55 * SECOND);
  expect(await statusOf('phone', phone.instanceId)).toBe('running');
  return phone;
}

describe('create', () => {
  it('is idempotent by client token: a retry answers the same instance and creates once', async () => {
    const clientToken = token();
    const request = {
      clientToken,
      region: REGION,
      spec: { name: 'net', bandwidthMbps: 20, chargeType: 'payg' as const },
    };
    const first = await cloud.create('office_site', request);
    const again = await cloud.create('office_site', request);
    expect(first.status).toBe('creating');
    expect(first.instanceId).toMatch(/^cn-hangzhou\+dir-[0-9a-z]{17}$/);
    expect(again.instanceId).toBe(first.instanceId);
    expect(first.attributes.publicIp).toMatch(/^47\.\d+\.\d+\.\d+$/);
    expect(await resourcesWithToken(clientToken)).toBe(1);
    expect(await effects('create', clientToken)).toBe(1);
  });

  it('finds a resource by its create token without creating one, settled on the clock', async () => {
    const clientToken = token();
    expect(await cloud.findByClientToken('office_site', clientToken)).toBeUndefined();
    expect(await resourcesWithToken(clientToken)).toBe(0);
    const made = await cloud.create('office_site', {
      clientToken,
      region: REGION,
      spec: { name: 'net', bandwidthMbps: 20, chargeType: 'payg' },
    });
    clock.advance(30 * SECOND);
    const found = await cloud.findByClientToken('office_site', clientToken);
    expect(found).toMatchObject({ instanceId: made.instanceId, status: 'normal' });
    // The token names a create of one kind only.
    expect(await cloud.findByClientToken('desktop', clientToken)).toBeUndefined();
    expect(await effects('create', clientToken)).toBe(1);
  });

  it('refuses a different request under a used token', async () => {
    const clientToken = token();
    const spec = { name: 'net', bandwidthMbps: 20, chargeType: 'payg' as const };
    await cloud.create('office_site', { clientToken, region: REGION, spec });
    await expectCloudError(
      cloud.create('office_site', { clientToken, region: REGION, spec: { ...spec, bandwidthMbps: 30 } }),
      'token_conflict',
    );
    await expectCloudError(
      cloud.create('office_site', { clientToken, region: 'cn-shanghai', spec }),
      'token_conflict',
    );
  });

  it('creates once when 10 creates with one token race', async () => {
    const clientToken = token();
    const request = {
      clientToken,
      region: REGION,
      spec: { bandwidthMbps: 5, chargeType: 'payg' as const },
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => cloud.create('eip', request)));
    expect(new Set(answers.map((answer) => answer.instanceId)).size).toBe(1);
    expect(await resourcesWithToken(clientToken)).toBe(1);
    expect(await effects('create', clientToken)).toBe(1);
  });

  it('checks its spec and the resources it names', async () => {
    await expectCloudError(
      cloud.create('office_site', {
        clientToken: token(),
        region: REGION,
        spec: { name: 'net', bandwidthMbps: 500, chargeType: 'payg' },
      }),
      'invalid_parameter',
    );
    await expectCloudError(
      cloud.create('desktop', { clientToken: token(), region: REGION, spec: desktopSpec('dir-missing') }),
      'not_found',
    );
    // An office site still being created cannot take desktops yet.
    const site = await cloud.create('office_site', {
      clientToken: token(),
      region: REGION,
      spec: { name: 'net', bandwidthMbps: 20, chargeType: 'payg' },
    });
    await expectCloudError(
      cloud.create('desktop', { clientToken: token(), region: REGION, spec: desktopSpec(site.instanceId) }),
      'invalid_state',
    );
  });

  it('hands a generated private key to create (and its retry) only', async () => {
    const request = { clientToken: token(), region: REGION, spec: { name: 'adb-key' } };
    const created = await cloud.create('key_pair', request);
    expect(created.status).toBe('available');
    expect(created.attributes.privateKeyBody).toContain('PRIVATE KEY');
    expect((await cloud.create('key_pair', request)).attributes.privateKeyBody).toBe(
      created.attributes.privateKeyBody,
    );
    const [described] = await cloud.describe('key_pair', [created.instanceId]);
    expect(described?.attributes.privateKeyBody).toBeUndefined();
    expect(described?.attributes.fingerprint).toBe(created.attributes.fingerprint);
  });
});

describe('transitions on the clock', () => {
  it('moves a desktop pending → starting → running as time passes', async () => {
    const site = await readyOfficeSite();
    const desktop = await cloud.create('desktop', {
      clientToken: token(),
      region: REGION,
      spec: desktopSpec(site.instanceId),
    });
    expect(desktop.status).toBe('pending');
    clock.advance(59 * SECOND);
    expect(await statusOf('desktop', desktop.instanceId)).toBe('pending');
    clock.advance(1 * SECOND);
    expect(await statusOf('desktop', desktop.instanceId)).toBe('starting');
    clock.advance(30 * SECOND);
    const [running] = await cloud.describe('desktop', [desktop.instanceId]);
    expect(running?.status).toBe('running');
    expect(running?.attributes.expiresAt).toBe('2026-12-22T02:00:30.000Z');
  });

  it('lands where the timeline says when read long after (several steps at once)', async () => {
    const desktop = await runningDesktop();
    await cloud.act('desktop', desktop.instanceId, 'reboot', {}, token());
    clock.advance(3_600 * SECOND);
    expect(await statusOf('desktop', desktop.instanceId)).toBe('running');
  });

  it('stops and starts a desktop through stopping and starting', async () => {
    const desktop = await runningDesktop();
    const stopping = await cloud.act('desktop', desktop.instanceId, 'stop', {}, token());
    expect(stopping.status).toBe('stopping');
    clock.advance(20 * SECOND);
    expect(await statusOf('desktop', desktop.instanceId)).toBe('shutdown');
    const resized = await cloud.act(
      'desktop',
      desktop.instanceId,
      'modify_spec',
      { systemDiskGiB: 120 },
      token(),
    );
    expect(resized).toMatchObject({ status: 'shutdown', attributes: { systemDiskGiB: 120 } });
    expect((await cloud.act('desktop', desktop.instanceId, 'start', {}, token())).status).toBe('starting');
    clock.advance(20 * SECOND);
    expect(await statusOf('desktop', desktop.instanceId)).toBe('running');
  });

  it('scales durations by the speed', async () => {
    const fast = new SimCloudProvider(testDb.database, clock, { speed: 10 });
    const site = await fast.create('office_site', {
      clientToken: token(),
      region: REGION,
      spec: { name: 'net', bandwidthMbps: 20, chargeType: 'payg' },
    });
    clock.advance(2_999);
    expect((await fast.describe('office_site', [site.instanceId]))[0]?.status).toBe('creating');
    clock.advance(1);
    expect((await fast.describe('office_site', [site.instanceId]))[0]?.status).toBe('normal');
  });
});

describe('actions', () => {
  it('refuses what the status forbids with invalid_state, and changes nothing', async () => {
    const desktop = await runningDesktop();
    const error = await expectCloudError(
      cloud.act('desktop', desktop.instanceId, 'modify_spec', { cpu: 8 }, token()),
      'invalid_state',
    );
    expect(error.details).toMatchObject({ status: 'running', allowed: ['shutdown'] });
    await expectCloudError(cloud.act('desktop', desktop.instanceId, 'start', {}, token()), 'invalid_state');
    const [after] = await cloud.describe('desktop', [desktop.instanceId]);
    expect(after?.attributes.cpu).toBe(4);
    await cloud.act('desktop', desktop.instanceId, 'stop', {}, token());
    // Mid-transition: reinstalling is allowed only when running or shut down.
    await expectCloudError(cloud.act('desktop', desktop.instanceId, 'rebuild', {}, token()), 'invalid_state');
    await expectCloudError(cloud.act('desktop', 'ecd-nope', 'stop', {}, token()), 'not_found');
    await expectCloudError(
      cloud.act('desktop', desktop.instanceId, 'rebuild', { color: 'red' } as never, token()),
      'invalid_parameter',
    );
  });

  it('applies an action once per client token', async () => {
    const desktop = await runningDesktop();
    const clientToken = token();
    await cloud.act('desktop', desktop.instanceId, 'renew', { months: 2 }, clientToken);
    const retried = await cloud.act('desktop', desktop.instanceId, 'renew', { months: 2 }, clientToken);
    expect(retried.attributes.expiresAt).toBe('2027-02-22T02:00:30.000Z');
    expect(await effects('act', clientToken)).toBe(1);
    await expectCloudError(
      cloud.act('desktop', desktop.instanceId, 'stop', {}, clientToken),
      'token_conflict',
    );
  });

  it('follows the IP rules: bind when unallocated, unbind and bandwidth when allocated, release when unbound', async () => {
    const phone = await runningPhone();
    const eip = await cloud.create('eip', {
      clientToken: token(),
      region: REGION,
      spec: { bandwidthMbps: 5, chargeType: 'subscription', periodMonths: 1 },
    });
    clock.advance(5 * SECOND);
    await expectCloudError(
      cloud.act('eip', eip.instanceId, 'modify_bandwidth', { bandwidthMbps: 10 }, token()),
      'invalid_state',
    );
    await expectCloudError(cloud.act('eip', eip.instanceId, 'unbind', {}, token()), 'invalid_state');
    const bound = await cloud.act('eip', eip.instanceId, 'bind', { instanceId: phone.instanceId }, token());
    expect(bound).toMatchObject({ status: 'allocated', attributes: { boundInstanceId: phone.instanceId } });
    await expectCloudError(
      cloud.act('eip', eip.instanceId, 'bind', { instanceId: phone.instanceId }, token()),
      'invalid_state',
    );
    expect(
      (await cloud.act('eip', eip.instanceId, 'modify_bandwidth', { bandwidthMbps: 10 }, token())).attributes
        .bandwidthMbps,
    ).toBe(10);
    await expectCloudError(cloud.delete('eip', eip.instanceId, token()), 'invalid_state');
    await cloud.act('eip', eip.instanceId, 'unbind', {}, token());
    expect((await cloud.delete('eip', eip.instanceId, token())).status).toBe('releasing');
    clock.advance(5 * SECOND);
    const [released] = await cloud.describe('eip', [eip.instanceId]);
    expect(released).toMatchObject({ status: 'released', deletedAt: clock.now() });
  });

  it('runs phone operations: key pair, ADB, apps, reset, backup and recovery', async () => {
    const phone = await runningPhone();
    await expectCloudError(
      cloud.act('phone', phone.instanceId, 'enable_adb', {}, token()),
      'invalid_parameter',
    );
    const key = await cloud.create('key_pair', {
      clientToken: token(),
      region: REGION,
      spec: { name: 'k1' },
    });
    await cloud.act('phone', phone.instanceId, 'attach_key', { keyPairId: key.instanceId }, token());
    const adb = await cloud.act('phone', phone.instanceId, 'enable_adb', {}, token());
    expect(adb.attributes).toMatchObject({ adbEnabled: true, keyPairId: key.instanceId });
    expect(adb.attributes.adbEndpoint).toMatch(/^47\.\d+\.\d+\.\d+:\d+$/);
    await cloud.act(
      'phone',
      phone.instanceId,
      'install_app',
      { appId: 'app-1', versionName: '1.0', versionCode: 1, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
      token(),
    );
    expect(
      (
        await cloud.act(
          'phone',
          phone.instanceId,
          'install_app',
          { appId: 'app-2', versionName: '1.0', versionCode: 1, md5: 'd41d8cd98f00b204e9800998ecf8427e' },
          token(),
        )
      ).attributes.apps,
    ).toEqual(['app-1', 'app-2']);

    const backup = await cloud.create('backup', {
      clientToken: token(),
      region: REGION,
      spec: { phoneInstanceId: phone.instanceId, name: 'before-reset' },
    });
    clock.advance(30 * SECOND);
    expect(await statusOf('backup', backup.instanceId)).toBe('available');

    const reset = await cloud.act('phone', phone.instanceId, 'reset', {}, token());
    expect(reset).toMatchObject({ status: 'resetting', attributes: { apps: [], adbEnabled: false } });
    // A resetting phone cannot take a recovery.
    await expectCloudError(cloud.act('backup', backup.instanceId, 'recover', {}, token()), 'invalid_state');
    clock.advance(40 * SECOND);
    expect((await cloud.act('backup', backup.instanceId, 'recover', {}, token())).status).toBe('recovering');
    clock.advance(30 * SECOND);
    expect(await statusOf('backup', backup.instanceId)).toBe('available');

    const stopped = await cloud.act('phone', phone.instanceId, 'stop', { force: true }, token());
    expect(stopped.status).toBe('stopping');
    clock.advance(2 * SECOND);
    expect(await statusOf('phone', phone.instanceId)).toBe('stopped');
  });

  it('gives connection tickets and processes of running desktops only', async () => {
    const desktop = await runningDesktop();
    const ticket = await cloud.connectionTicket(desktop.instanceId);
    expect(ticket.ticket).toMatch(new RegExp(`^${desktop.instanceId}\\.[\\w-]{43}$`));
    expect(ticket.expiresAt.getTime() - clock.now().getTime()).toBe(300_000);
    const described = (await cloud.describe('desktop', [desktop.instanceId]))[0]!;
    expect(described.attributes.connectedSessions).toBe(1);
    // Only the ticket's hash is kept, and not as an attribute of the desktop.
    expect(JSON.stringify(described)).not.toContain('_tickets');
    const opened = await cloud.openConnection(ticket.ticket);
    expect(opened).toMatchObject({ desktop: { instanceId: desktop.instanceId, status: 'running' } });
    expect(opened!.usage!.cpu).toBeGreaterThan(0);
    expect(await cloud.openConnection(`${desktop.instanceId}.${'x'.repeat(43)}`)).toBeUndefined();
    expect(await cloud.openConnection('no-dot')).toBeUndefined();
    const processes = await cloud.processes(desktop.instanceId);
    expect(processes.map((process) => process.name)).toContain('explorer.exe');
    expect(await cloud.processes(desktop.instanceId)).toEqual(processes);
    expect(
      (await cloud.act('desktop', desktop.instanceId, 'disconnect', {}, token())).attributes
        .connectedSessions,
    ).toBe(0);
    await cloud.act('desktop', desktop.instanceId, 'stop', {}, token());
    await expectCloudError(cloud.connectionTicket(desktop.instanceId), 'invalid_state');
    await expectCloudError(cloud.processes(desktop.instanceId), 'invalid_state');
    // The ticket still opens the (stopped) desktop until it expires.
    expect((await cloud.openConnection(ticket.ticket))?.usage).toBeNull();
    clock.advance(300_001);
    expect(await cloud.openConnection(ticket.ticket)).toBeUndefined();
  });
});

describe('delete', () => {
  it('deletes once per token and answers a repeat with the final state', async () => {
    const desktop = await runningDesktop();
    const clientToken = token();
    const deleted = await cloud.delete('desktop', desktop.instanceId, clientToken);
    expect(deleted).toMatchObject({ status: 'deleted', deletedAt: clock.now() });
    expect((await cloud.delete('desktop', desktop.instanceId, clientToken)).status).toBe('deleted');
    expect((await cloud.delete('desktop', desktop.instanceId, token())).status).toBe('deleted');
    expect(await effects('delete', clientToken)).toBe(1);
    await expectCloudError(cloud.act('desktop', desktop.instanceId, 'start', {}, token()), 'invalid_state');
  });

  it('releases an office site through releasing', async () => {
    const site = await readyOfficeSite();
    expect((await cloud.delete('office_site', site.instanceId, token())).status).toBe('releasing');
    clock.advance(20 * SECOND);
    expect(await statusOf('office_site', site.instanceId)).toBe('released');
  });
});

describe('faults', () => {
  it('a timeout after the effect: retries with the same token never apply it twice', async () => {
    const clientToken = token();
    const request = {
      clientToken,
      region: REGION,
      spec: { name: 'net', bandwidthMbps: 20, chargeType: 'payg' as const },
    };
    cloud.setFaults({ timeout: 1 });
    await expectCloudError(cloud.create('office_site', request), 'timeout');
    await expectCloudError(cloud.create('office_site', request), 'timeout');
    expect(await resourcesWithToken(clientToken)).toBe(1);
    cloud.setFaults({ timeout: 0 });
    const site = await cloud.create('office_site', request);
    expect(await resourcesWithToken(clientToken)).toBe(1);
    expect(await effects('create', clientToken)).toBe(1);

    clock.advance(30 * SECOND);
    const actToken = token();
    cloud.setFaults({ timeout: 1 });
    const timedOut = await cloudError(
      cloud.act('office_site', site.instanceId, 'modify_bandwidth', { bandwidthMbps: 40 }, actToken),
    );
    expect(timedOut).toMatchObject({ code: 'timeout', retryable: true });
    cloud.setFaults({ timeout: 0 });
    const retried = await cloud.act(
      'office_site',
      site.instanceId,
      'modify_bandwidth',
      { bandwidthMbps: 40 },
      actToken,
    );
    expect(retried.attributes.bandwidthMbps).toBe(40);
    expect(await effects('act', actToken)).toBe(1);
    const { rows } = await testDb.database.pool.query(
      'SELECT outcome FROM sim_calls WHERE client_token = $1 ORDER BY id',
      [actToken],
    );
    expect(rows.map((row) => row.outcome)).toEqual(['timeout', 'replayed']);
  });

  it('create_fail ends the create in failed, asynchronously, and the retry agrees', async () => {
    const site = await readyOfficeSite();
    const request = { clientToken: token(), region: REGION, spec: desktopSpec(site.instanceId) };
    cloud.setFaults({ createFail: 1 });
    const created = await cloud.create('desktop', request);
    expect(created.status).toBe('pending');
    clock.advance(90 * SECOND);
    const [failed] = await cloud.describe('desktop', [created.instanceId]);
    expect(failed).toMatchObject({ status: 'failed', deletedAt: clock.now() });
    cloud.setFaults(NO_FAULTS);
    expect(await cloud.create('desktop', request)).toMatchObject({
      instanceId: created.instanceId,
      status: 'failed',
    });
  });

  it('slow_ms delays every call', async () => {
    cloud.setFaults({ slowMs: 60 });
    const started = performance.now();
    await cloud.describe('desktop', []);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe('state in the database', () => {
  it('survives a new provider on the same database', async () => {
    const site = await readyOfficeSite();
    const created = await cloud.create('desktop', {
      clientToken: token(),
      region: REGION,
      spec: desktopSpec(site.instanceId),
    });
    const restarted = createCloudProvider(testConfig({ SIM_SPEED: '1' }), testDb.database, clock);
    expect(restarted).toBeInstanceOf(SimCloudProvider);
    clock.advance(90 * SECOND);
    const [again] = await restarted.describe('desktop', [created.instanceId]);
    expect(again).toMatchObject({
      instanceId: created.instanceId,
      status: 'running',
      attributes: created.attributes,
    });
  });
});

describe('metrics and traffic', () => {
  it('are the same for the same instance and time, from any provider', async () => {
    const desktop = await runningDesktop();
    clock.advance(3 * 3_600 * SECOND);
    const from = new Date(START.getTime() + 3_600 * SECOND);
    const query = {
      metric: 'cpu' as const,
      from,
      to: new Date(from.getTime() + 3_600 * SECOND),
      stepSeconds: 60,
    };
    const first = await cloud.metrics('desktop', desktop.instanceId, query);
    expect(first).toHaveLength(60);
    expect(first.every((point) => point.value > 0 && point.value <= 100)).toBe(true);
    const other = new SimCloudProvider(testDb.database, new ManualClock(), { speed: 1 });
    expect(await other.metrics('desktop', desktop.instanceId, query)).toEqual(first);

    // Nothing before the desktop existed: its first minute starts at the first whole minute after creation.
    const sinceStart = await cloud.metrics('desktop', desktop.instanceId, { ...query, from: START });
    expect(sinceStart[0]?.at.getTime()).toBe(START.getTime() + 60 * SECOND);
    await expectCloudError(
      cloud.metrics('eip', desktop.instanceId, { ...query, metric: 'traffic_out' }),
      'not_found',
    );
    await expectCloudError(cloud.metrics('eip', desktop.instanceId, query), 'invalid_parameter');
    await expectCloudError(
      cloud.metrics('desktop', desktop.instanceId, { ...query, stepSeconds: 90 }),
      'invalid_parameter',
    );
  });

  it('traffic metrics add up to the traffic bill, and bandwidth matches them', async () => {
    const desktop = await runningDesktop();
    clock.advance(2 * 3_600 * SECOND);
    const from = new Date(START.getTime() + 3_600 * SECOND);
    const to = new Date(from.getTime() + 3_600 * SECOND);
    const traffic = await cloud.metrics('desktop', desktop.instanceId, {
      metric: 'traffic_out',
      from,
      to,
      stepSeconds: 900,
    });
    const bandwidth = await cloud.metrics('desktop', desktop.instanceId, {
      metric: 'bandwidth_out',
      from,
      to,
      stepSeconds: 900,
    });
    expect(traffic).toHaveLength(4);
    const billed = (await cloud.trafficBytes('desktop', [desktop.instanceId], from, to)).get(
      desktop.instanceId,
    );
    expect(BigInt(traffic.reduce((sum, point) => sum + point.value, 0))).toBe(billed?.outBytes);
    expect(bandwidth[0]?.value).toBe(Math.round((traffic[0]!.value * 8) / 900));
  });

  it('answers traffic of many instances at once, hours adding up, nothing after release', async () => {
    const eips = [];
    for (let i = 0; i < 40; i += 1) {
      eips.push(
        await cloud.create('eip', {
          clientToken: token(),
          region: REGION,
          spec: { bandwidthMbps: 1 + i * 5, chargeType: 'payg' },
        }),
      );
    }
    clock.advance(5 * SECOND);
    const ids = eips.map((eip) => eip.instanceId);
    const gone = ids[0]!;
    const hourStart = new Date(Math.ceil(clock.now().getTime() / 3_600_000) * 3_600_000);
    const hour = (n: number) => new Date(hourStart.getTime() + n * 3_600_000);
    clock.set(hour(1));
    await cloud.delete('eip', gone, token());
    clock.set(hour(3));

    const whole = await cloud.trafficBytes('eip', [...ids, 'eip-unknown'], hour(0), hour(2));
    const first = await cloud.trafficBytes('eip', ids, hour(0), hour(1));
    const second = await cloud.trafficBytes('eip', ids, hour(1), hour(2));
    expect(whole.size).toBe(40);
    expect(whole.has('eip-unknown')).toBe(false);
    for (const id of ids) {
      expect(first.get(id)!.outBytes + second.get(id)!.outBytes).toBe(whole.get(id)!.outBytes);
      expect(first.get(id)!.inBytes + second.get(id)!.inBytes).toBe(whole.get(id)!.inBytes);
      expect(first.get(id)!.outBytes).toBeGreaterThan(0n);
    }
    // Released five seconds into the second hour: the minute that began before is its last.
    const lastMinuteEnd = new Date(hour(1).getTime() + 60_000);
    const lastMinute = await cloud.trafficBytes('eip', [gone], hour(1), lastMinuteEnd);
    expect(lastMinute.get(gone)!.outBytes).toBeGreaterThan(0n);
    expect(second.get(gone)).toEqual(lastMinute.get(gone));
    const afterRelease = await cloud.trafficBytes('eip', [gone], lastMinuteEnd, hour(2));
    expect(afterRelease.get(gone)).toEqual({ inBytes: 0n, outBytes: 0n });
    // A wider line moves more.
    expect(whole.get(ids[39]!)!.outBytes).toBeGreaterThan(whole.get(ids[1]!)!.outBytes);
    const empty = await cloud.trafficBytes('eip', ids, hour(2), hour(2));
    expect(empty.get(ids[1]!)).toEqual({ inBytes: 0n, outBytes: 0n });
  });
});
