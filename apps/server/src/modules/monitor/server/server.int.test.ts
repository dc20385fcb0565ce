import { serverInfoSchema } from '@cloudbay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInUser } from '../../../../test/accounts';
import { createTestApp } from '../../../../test/context';
import { demoOperatorHeaders, operatorWith } from '../../../../test/operators';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const get = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/monitor/server', headers });

describe('server monitor', () => {
  it('answers the host, the Node process and PostgreSQL', async () => {
    const res = await get(await demoOperatorHeaders(ctx.app, ctx.db));
    expect(res.statusCode, res.body).toBe(200);
    const info = serverInfoSchema.parse(res.json().data);
    expect(info.cpu.cores).toBeGreaterThan(0);
    expect(info.cpu.usage_percent).toBeGreaterThanOrEqual(0);
    expect(info.cpu.usage_percent).toBeLessThanOrEqual(100);
    expect(info.memory.total_bytes).toBeGreaterThan(info.memory.free_bytes);
    expect(info.disks.map((d) => d.path)).toContain('/');
    expect(info.disks[0]!.total_bytes).toBeGreaterThan(0);
    expect(info.node.version).toBe(process.version);
    expect(info.node.heap_used_bytes).toBeLessThanOrEqual(info.node.heap_total_bytes);
    expect(info.database.version).toMatch(/^\d+/);
    expect(info.database.size_bytes).toBeGreaterThan(1_000_000);
    // This request's own connection is active.
    expect(info.database.connections.find((c) => c.state === 'active')?.count).toBeGreaterThanOrEqual(1);
    expect(info.database.max_connections).toBeGreaterThan(0);
    expect(info.database.cache_hit_percent).toBeGreaterThan(0);
  });

  it('refuses customers and operators without monitor:server:list', async () => {
    const customer = await loggedInUser(ctx.app, ctx.db);
    const other = await operatorWith(ctx.app, ctx.db, { perms: ['monitor:cache:list'] });
    expect((await get(customer.headers)).statusCode).toBe(403);
    expect((await get(other.headers)).statusCode).toBe(403);
    expect((await get({})).statusCode).toBe(401);
  });
});
