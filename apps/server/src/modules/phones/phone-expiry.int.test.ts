/**
 * Cloud phones through the expiry sweep (spec §4 Expiry), bought through the API and made by the
 * real jobs: the renew reminder 3 days before the end, auto-renew at the end, and deletion 3 days
 * after the end, each with its notice to the customer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { noticesOf } from '../../../test/billing-fixtures';
import { phoneHarness, type PhoneHarness } from '../../../test/phone-fixtures';
import { expectCleanLedger } from '../../../test/topups';
import { runLifecycleSweep } from '../billing/lifecycle';

const DAY = 86_400_000;
let h: PhoneHarness;

beforeAll(async () => {
  h = await phoneHarness();
});
afterEach(() => expectCleanLedger(h.ctx.database));
afterAll(() => h.ctx.close());

const sweep = () => runLifecycleSweep(h.core);
const titlesOf = async (userId: number) => (await noticesOf(h.ctx.db, userId)).map((n) => n.title_en);

describe('an expiring phone', () => {
  it('is reminded 3 days before, deleted 3 days after the end, with a notice each', async () => {
    const customer = await h.phoneCustomer(100);
    const { phoneId, phone } = await h.runningPhone(customer, { name: 'shop' });
    const end = phone.expiresAt!.getTime();

    h.clock.set(end - 3 * DAY - 60_000);
    await sweep();
    expect(await titlesOf(customer.userId)).not.toContain('A resource expires soon');
    h.clock.set(end - 2 * DAY);
    await sweep();
    await sweep();
    const reminders = (await noticesOf(h.ctx.db, customer.userId)).filter(
      (n) => n.title_en === 'A resource expires soon',
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.content_en).toContain(`shop (${phoneId})`);
    // A phone is not stopped at the end: the reminder says what does happen to it.
    expect(reminders[0]!.content_en).toContain(
      'Renew it in time: 3 days after expiry it will be deleted for good.',
    );

    // Ended without auto-renew: the phone is kept for 3 days (still running), then deleted.
    h.clock.set(end + 3 * DAY - 60_000);
    await sweep();
    expect(await h.row(phoneId)).toMatchObject({ status: 'running', deletedAt: null });
    h.clock.set(end + 3 * DAY + 60_000);
    expect((await sweep()).deleted).toBe(1);
    await sweep();
    await h.runJobs();
    expect((await h.row(phoneId)).status).toBe('deleted');
    const deletions = (await noticesOf(h.ctx.db, customer.userId)).filter(
      (n) => n.title_en === 'Expired resource deleted',
    );
    expect(deletions).toHaveLength(1);
    expect(deletions[0]!.content_en).toContain(`cloud phone shop (${phoneId})`);
    const page = await h.listPage(customer, '/api/user/ph/phone');
    expect(page.list.map((p) => p.id)).not.toContain(phoneId);
  });

  it('renews itself at the end when auto-renew is on, with a notice, and is not deleted', async () => {
    const customer = await h.phoneCustomer(100);
    const { phoneId, phone } = await h.runningPhone(customer, { auto_renew: true });
    const end = phone.expiresAt!.getTime();

    h.clock.set(end + 60_000);
    expect((await sweep()).autoRenewed).toBe(1);
    expect(await titlesOf(customer.userId)).toContain('Auto-renewed');
    const renewed = await h.row(phoneId);
    expect(renewed.expiresAt!.getTime()).toBeGreaterThan(end);

    h.clock.set(end + 3 * DAY + 60_000);
    await sweep();
    expect(await h.row(phoneId)).toMatchObject({ status: 'running', deletedAt: null });
    expect(await titlesOf(customer.userId)).not.toContain('Expired resource deleted');
  });
});
