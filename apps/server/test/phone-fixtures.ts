/**
 * Fixtures of the cloud phone tests: the desktop harness (app on a ManualClock, funded customers,
 * the provisioning jobs), customers with the phone flag, and phones bought through POST
 * /api/user/ph/phone and made by the real jobs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { regions } from '../src/db/schema';
import { setPhWhiteUser } from '../src/modules/phones/service';
import { desktopHarness, type Customer } from './desktop-fixtures';
import { expectCleanLedger } from './topups';

export type PhoneHarness = Awaited<ReturnType<typeof phoneHarness>>;

export interface PhonePurchased {
  order: { id: number; no: string; paid_amount: string; type: string; action: string };
  phone_ids: string[];
}

/** `env`: configuration added to the tests' (e.g. a DATA_DIR of its own for uploads). */
export async function phoneHarness(env?: Record<string, string>) {
  const h = await desktopHarness(undefined, env);
  const phoneRegions = (await h.ctx.db.select().from(regions)).filter((row) => row.kind === 'phone');
  const regionId = (wyRegionId: string) => phoneRegions.find((row) => row.wyRegionId === wyRegionId)!.id;
  const phk = regionId('cn-hongkong');
  const psg = regionId('ap-southeast-1');

  /** A funded customer with the phone flag. */
  async function phoneCustomer(balance = 200): Promise<Customer> {
    const who = await h.customer(balance);
    await setPhWhiteUser(h.ctx.db, who.userId, 1);
    return who;
  }

  const phoneBody = (extra: Record<string, unknown> = {}) => ({
    region_id: phk,
    spec_id: 'ph.basic.2c4g',
    image_id: 'ph-img-android13',
    billing_method: 'subscription',
    period: 1,
    quantity: 1,
    name: 'phone',
    auto_renew: false,
    agreed: true,
    ...extra,
  });

  async function buyPhones(who: Customer, extra: Record<string, unknown> = {}, key = randomUUID()) {
    const res = await h.call(who, 'POST', '/api/user/ph/phone', phoneBody(extra), { 'idempotency-key': key });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PhonePurchased;
  }

  /** Bought and made: running, jobs drained. */
  async function runningPhone(who: Customer, extra: Record<string, unknown> = {}) {
    const purchase = await buyPhones(who, extra);
    await h.runJobs();
    const phone = await h.row(purchase.phone_ids[0]!);
    expect(phone).toMatchObject({ status: 'running', resourceStatus: 'created' });
    return { purchase, phoneId: phone.resourceId, phone };
  }

  /** One batch action on phones; answers the entries, then lets the jobs settle them. */
  async function act(who: Customer, action: string, phoneIds: string[], extra: Record<string, unknown> = {}) {
    const res = await h.call(who, 'POST', '/api/user/ph/phone/action', {
      action,
      phone_ids: phoneIds,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.results as {
      phone_id: string;
      ok: boolean;
      status: string | null;
      code: string | null;
      message: string | null;
    }[];
  }

  return { ...h, phk, psg, phoneCustomer, phoneBody, buyPhones, runningPhone, act };
}

/**
 * A test file's phone harness, made before its tests (the object is filled in then), the ledger
 * verified after each test and the app closed after all of them.
 */
export function usePhoneHarness(env?: Record<string, string>): PhoneHarness {
  const harness = {} as PhoneHarness;
  beforeAll(async () => {
    Object.assign(harness, await phoneHarness(env));
  });
  afterEach(() => expectCleanLedger(harness.ctx.database));
  afterAll(() => harness.ctx.close());
  return harness;
}
