/**
 * Connecting to cloud phones (issue 16 "Connection"): connection tickets for running phones, the
 * simulated cloud's phone screen they open once, its keys, and screenshots, through app.inject
 * against a real PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EN, type Customer } from '../../../test/desktop-fixtures';
import { phoneHarness, type PhoneHarness } from '../../../test/phone-fixtures';
import { eq } from 'drizzle-orm';
import { simCalls, simResources } from '../../db/schema';

let h: PhoneHarness;

beforeAll(async () => {
  h = await phoneHarness();
});
afterAll(() => h.ctx.close());

const MINUTE = 60_000;

interface TicketEntry {
  phone_id: string;
  ok: boolean;
  ticket: string | null;
  expire_time: string | null;
  connect_url: string | null;
  code: string | null;
  message: string | null;
}

async function tickets(who: Customer, phoneIds: string[], headers: Record<string, string> = {}) {
  const res = await h.call(
    who,
    'POST',
    '/api/user/ph/phone/connection_ticket',
    { phone_ids: phoneIds },
    headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.results as TicketEntry[];
}

/** What a browser without the console's session does with a URL (cookies passed by hand). */
const browse = (url: string, cookie?: string) =>
  h.ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** Redeems the ticket: answers the screen URL and the session cookie (name=value). */
async function redeem(connectUrl: string) {
  const res = await browse(connectUrl);
  expect(res.statusCode, res.body).toBe(303);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return { location: String(res.headers.location), cookie: setCookie.split(';')[0]!, setCookie };
}

const press = (location: string, cookie: string, body: string) =>
  h.ctx.app.inject({
    method: 'POST',
    url: location,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

const screenshot = (who: Customer, phoneId: string, headers: Record<string, string> = {}) =>
  h.call(who, 'GET', `/api/user/ph/phone/${phoneId}/screenshot`, undefined, headers);

describe('POST /user/ph/phone/connection_ticket', () => {
  it('gives running phones a ticket each and says why the others have none, in order', async () => {
    const customer = await h.phoneCustomer(300);
    const other = await h.phoneCustomer(100);
    const { phoneId, phone } = await h.runningPhone(customer, { name: 'screen-a' });
    const { phoneId: stopped } = await h.runningPhone(customer, { name: 'screen-b' });
    const { phoneId: theirs } = await h.runningPhone(other);
    await h.act(customer, 'stop', [stopped]);
    await h.runJobs();

    const results = await tickets(customer, [theirs, phoneId, stopped, 'ph-nothing'], EN);
    expect(results.map((entry) => [entry.phone_id, entry.ok, entry.code])).toEqual([
      [theirs, false, 'PHONE_NOT_FOUND'],
      [phoneId, true, null],
      [stopped, false, 'PHONE_NOT_RUNNING'],
      ['ph-nothing', false, 'PHONE_NOT_FOUND'],
    ]);
    expect(results[2]!.message).toBe('The cloud phone is not running; start it first');
    const [, ok] = results;
    expect(ok!.ticket).toMatch(new RegExp(`^${phone.instanceId}\\.[A-Za-z0-9_-]{43}$`));
    expect(new Date(ok!.expire_time!).getTime()).toBe(h.clock.now().getTime() + 2 * MINUTE);
    expect(ok!.connect_url).toBe(`/api/sim/phone/screen?ticket=${ok!.ticket}&lang=en-US`);
    // Only the running phone was asked of the cloud.
    const asked = await h.ctx.db.select().from(simCalls);
    expect(asked.filter((call) => call.operation === 'phone_ticket').map((call) => call.instanceId)).toEqual([
      phone.instanceId,
    ]);
    // Neither the console nor the cloud keeps a usable ticket: the cloud keeps its hash.
    const secret = ok!.ticket!.split('.')[1]!;
    const row = await h.row(phoneId);
    expect(JSON.stringify([row.spec, row.attributes])).not.toContain(secret);
    const [sim] = await h.ctx.db
      .select()
      .from(simResources)
      .where(eq(simResources.instanceId, phone.instanceId!));
    expect(JSON.stringify(sim!.attributes)).not.toContain(secret);
    expect(JSON.stringify(sim!.attributes)).toContain('_screenTickets');
  });

  it('refuses an empty selection and a customer without the phone flag', async () => {
    const customer = await h.phoneCustomer(100);
    const empty = await h.call(customer, 'POST', '/api/user/ph/phone/connection_ticket', { phone_ids: [] });
    expect(empty.statusCode).toBe(400);
    const noFlag = await h.customer(0);
    const refused = await h.call(noFlag, 'POST', '/api/user/ph/phone/connection_ticket', {
      phone_ids: ['ph-x'],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.error_code).toBe('PHONE_ACCESS_DENIED');
    expect((await screenshot(noFlag, 'ph-x')).statusCode).toBe(403);
  });
});

describe('the simulated phone screen', () => {
  it('opens once per ticket, shows the phone and turns it with Rotate', async () => {
    const customer = await h.phoneCustomer(200);
    const { phoneId, phone } = await h.runningPhone(customer, { name: 'Farm <1> & "x"' });
    const [entry] = await tickets(customer, [phoneId], EN);

    const { location, cookie, setCookie } = await redeem(entry!.connect_url!);
    expect(location).toBe(`/api/sim/phone/${phone.instanceId}/screen?lang=en-US`);
    // The session cookie is good for this phone's screen only.
    expect(setCookie).toContain(`Path=/api/sim/phone/${phone.instanceId}/screen`);

    const page = await browse(location, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Farm &lt;1&gt; &amp; &quot;x&quot;');
    expect(page.body).not.toContain('<1>');
    expect(page.body).toContain('data-orientation="portrait"');
    expect(page.body).toContain('Running');
    expect(page.body).toContain('720x1280');
    // The drawing is in the phone's proportions: 720x1280 upright.
    expect(page.body).toContain('viewBox="0 0 360 640"');

    // Used: the same ticket opens nothing again.
    const again = await browse(entry!.connect_url!);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain('The connection ticket is invalid or has expired');
    expect(again.headers['set-cookie']).toBeUndefined();

    // Rotate turns the screen (and the drawing), a second press turns it back.
    const rotated = await press(location, cookie, 'key=rotate');
    expect(rotated.statusCode).toBe(303);
    expect(rotated.headers.location).toBe(location);
    const landscape = await browse(location, cookie);
    expect(landscape.body).toContain('data-orientation="landscape"');
    expect(landscape.body).toContain('Landscape');
    expect(landscape.body).toContain('viewBox="0 0 640 360"');
    const shot = await screenshot(customer, phoneId);
    expect(shot.body).toContain('data-orientation="landscape"');

    // Open an app, back to home.
    await press(location, cookie, 'key=open&app=settings');
    expect((await browse(location, cookie)).body).toContain('About phone');
    await press(location, cookie, 'key=back');
    expect((await browse(location, cookie)).body).not.toContain('About phone');
    await press(location, cookie, 'key=rotate');
    expect((await browse(location, cookie)).body).toContain('data-orientation="portrait"');
    const keys = (await h.ctx.db.select().from(simCalls)).filter((call) => call.action === 'screen_input');
    expect(keys.map((call) => call.params)).toEqual([
      { key: 'rotate' },
      { key: 'open', app: 'settings' },
      { key: 'back' },
      { key: 'rotate' },
    ]);

    // A bad key is refused; without the cookie, or with it on another phone, nothing opens or moves.
    expect((await press(location, cookie, 'key=volume')).statusCode).toBe(400);
    expect((await browse(location)).statusCode).toBe(404);
    expect((await press(location, '', 'key=rotate')).statusCode).toBe(404);
    const { phone: second } = await h.runningPhone(customer, { name: 'other-one' });
    const elsewhere = `/api/sim/phone/${second.instanceId}/screen?lang=en-US`;
    expect((await browse(elsewhere, cookie)).statusCode).toBe(404);
    expect((await press(elsewhere, cookie, 'key=rotate')).statusCode).toBe(404);
  });

  it('lets only one of two racing redemptions of a ticket in', async () => {
    const customer = await h.phoneCustomer(200);
    const { phoneId } = await h.runningPhone(customer);
    const [entry] = await tickets(customer, [phoneId]);
    const answers = await Promise.all([browse(entry!.connect_url!), browse(entry!.connect_url!)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([303, 404]);
  });

  it('refuses a ticket after two minutes, and an unknown one', async () => {
    const customer = await h.phoneCustomer(200);
    const { phoneId } = await h.runningPhone(customer);
    const [entry] = await tickets(customer, [phoneId]);
    h.clock.advance(2 * MINUTE + 1000);
    const late = await browse(entry!.connect_url!);
    expect(late.statusCode).toBe(404);
    expect(late.body).toContain('连接凭证无效或已过期');
    expect((await browse('/api/sim/phone/screen?ticket=acp-nothing.abc')).statusCode).toBe(404);
    expect((await browse('/api/sim/phone/screen')).statusCode).toBe(404);
  });

  it('shows a stopped phone as off, without keys', async () => {
    const customer = await h.phoneCustomer(200);
    const { phoneId } = await h.runningPhone(customer);
    const [entry] = await tickets(customer, [phoneId], EN);
    const { location, cookie } = await redeem(entry!.connect_url!);
    await h.act(customer, 'stop', [phoneId]);
    await h.runJobs();
    const page = await browse(location, cookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stopped');
    expect(page.body).not.toContain('phone-key-rotate');
    // A key pressed anyway changes nothing.
    expect((await press(location, cookie, 'key=rotate')).statusCode).toBe(303);
    expect((await browse(location, cookie)).body).toContain('data-orientation="portrait"');
  });
});

describe('GET /user/ph/phone/{id}/screenshot', () => {
  it('draws the owner’s running phone, differently per phone and per minute; 404 for others, 409 stopped', async () => {
    const customer = await h.phoneCustomer(300);
    const other = await h.phoneCustomer(100);
    const { phoneId } = await h.runningPhone(customer, { name: 'wall-a' });
    const { phoneId: second } = await h.runningPhone(customer, { name: 'wall-b' });

    const shot = await screenshot(customer, phoneId);
    expect(shot.statusCode, shot.body).toBe(200);
    expect(shot.headers['content-type']).toContain('image/svg+xml');
    expect(shot.headers['content-security-policy']).toContain("default-src 'none'");
    expect(shot.headers['cache-control']).toBe('no-store');
    expect(shot.body).toMatch(/^<svg /);
    expect(shot.body).toContain('wall-a');

    const secondShot = await screenshot(customer, second);
    expect(secondShot.body).toContain('wall-b');
    // Different wallpapers: the drawing is the phone's own, not only its name.
    const wallpaper = (svg: string) => svg.match(/stop-color="([^"]+)"/)![1];
    expect(wallpaper(secondShot.body)).not.toBe(wallpaper(shot.body));

    h.clock.advance(MINUTE);
    const later = await screenshot(customer, phoneId);
    expect(later.body).not.toBe(shot.body);
    // The wall asks every few seconds: its reads leave no sim_calls rows behind.
    const logged = (await h.ctx.db.select().from(simCalls)).filter(
      (call) => call.operation === 'phone_screenshot',
    );
    expect(logged).toEqual([]);

    const theirs = await screenshot(other, phoneId, EN);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().data.error_code).toBe('PHONE_NOT_FOUND');

    await h.act(customer, 'stop', [phoneId]);
    const stopping = await screenshot(customer, phoneId, EN);
    expect(stopping.statusCode).toBe(409);
    expect(stopping.json()).toMatchObject({
      data: { error_code: 'PHONE_NOT_RUNNING' },
      msg: 'The cloud phone is not running; start it first',
    });
  });
});
