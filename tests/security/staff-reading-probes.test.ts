/**
 * Probes of the security issue's findings 3 and 4, and of its note on backups, as staff and a
 * shopper would meet them on the whole shop (API and pages, compiled by Vite), on one database:
 *   3. When the owner requires a second factor of staff, staff without one are refused the shopper's
 *      orders as the admin API refuses them (403), through the API and the order pages alike; with
 *      it on, each role reads them under its permissions.
 *   4. The pickup code proves the shopper at the counter: no staff role receives it in any answer or
 *      page, the shopper who placed the order does; staff type it, and wrong codes are counted per
 *      order and per address (core/rate-limits.ts secretRateLimits).
 *   The database and a backup hold neither the code nor a hash of it that could be tried without
 *   the shop key (decision 0060).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { type TOTP, URI } from 'otpauth';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../contracts/accounts';
import { TWO_FACTOR_REQUIRED_FOR_STAFF } from '../../core/accounts/two-factor';
import { secretRateLimits } from '../../core/rate-limits';
import { saveShopSettings } from '../../core/settings/shop-settings';
import { users } from '../../db/schema/accounts';
import { orders } from '../../db/schema/orders';
import { backupShop } from '../../server/operations/backup';
import { openBackup } from '../../server/operations/backup-seal';
import { auth, signInSeededAdmin, signUpAccount, stockedOneSizeProduct } from '../fixtures/admin-api';
import { allowManyUnpaidOrders, testOrderBody } from '../fixtures/orders';
import type { TestApp } from '../fixtures/test-app';
import { createTestPagesApp } from '../fixtures/test-pages-app';

type Account = { token: string; id: string; email: string };

let test: TestApp;
let work: string;
let productId: number;
let shopper: Account;
const staff = {} as Record<StaffRole, Account>;
const staffRoles = ['owner', 'manager', 'dispatch', 'support'] as const satisfies readonly StaffRole[];

let addresses = 0;
/** An address of its own for each caller that must not share another's counters. */
const freshAddress = () => `10.60.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

const inject = (options: InjectOptions) => test.app.inject(options);
const get = (url: string, token?: string) =>
  inject({ method: 'GET', url, ...(token ? { headers: auth(token) } : {}) });

/** A shopper's account given a staff role by the owner (written as the staff page would). */
async function staffMember(role: Exclude<StaffRole, 'owner'>, email: string): Promise<Account> {
  const account = await signUpAccount(test, email, `Probe ${role}`);
  await test.database.db.update(users).set({ role }).where(eq(users.id, account.id));
  return account;
}

/**
 * An order of a guest (with her link's key) or of the signed-in shopper, paid by bank transfer the
 * owner confirmed: for pickup in Lagos, or for delivery to a street.
 */
async function paidOrder(
  by: 'guest' | 'shopper',
  shippingMethod: 'pickup' | 'standard' = 'pickup',
): Promise<{ number: string; key: string | null }> {
  const body = testOrderBody(
    { id: productId },
    { shippingMethod, email: by === 'shopper' ? shopper.email : 'guest.collector@example.ng' },
  );
  const placed = await inject({
    method: 'POST',
    url: '/api/orders',
    ...(by === 'shopper' ? { headers: auth(shopper.token) } : {}),
    payload:
      shippingMethod === 'pickup'
        ? {
            ...body,
            shippingAddress: { firstName: 'Amaka', lastName: 'Obi', state: 'Lagos', country: 'Nigeria' },
          }
        : body,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const number = placed.json().order.id as string;
  const confirmed = await inject({
    method: 'POST',
    url: `/api/admin/orders/${number}/confirm-transfer`,
    headers: auth(staff.owner.token),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { number, key: (placed.json().accessToken as string | null) ?? null };
}

/** The order as its shopper reads it: her account, or her link's key. */
function shopperReads(order: { number: string; key: string | null }, page = false) {
  const url = `${page ? '/orders' : '/api/orders'}/${order.number}${order.key ? `?key=${encodeURIComponent(order.key)}` : ''}`;
  return get(url, order.key ? undefined : shopper.token);
}

/**
 * A paid pickup order readied by `readiedBy` (the owner unless told), with the code its shopper reads
 * on her own view, and what the staff member who readied it was answered.
 */
async function readyPickupOrder(by: 'guest' | 'shopper', readiedBy: Account = staff.owner) {
  const order = await paidOrder(by);
  const readied = await inject({
    method: 'PATCH',
    url: `/api/admin/orders/${order.number}/status`,
    headers: auth(readiedBy.token),
    payload: { status: 'ready_for_pickup' },
  });
  expect(readied.statusCode, readied.body).toBe(200);
  const own = await shopperReads(order);
  expect(own.statusCode, own.body).toBe(200);
  const code = own.json().pickupCode as string;
  expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);
  return { ...order, code, readied: readied.body };
}

const collect = (number: string, pickupCode: string, by: Account, remoteAddress?: string) =>
  inject({
    method: 'PATCH',
    url: `/api/admin/orders/${number}/status`,
    headers: auth(by.token),
    payload: { status: 'picked_up', pickupCode },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** Waits until the admin API answers `status` to this staff member: every process reads changed settings again within a moment. */
async function adminAnswers(member: Account, status: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if ((await get('/api/admin/orders', member.token)).statusCode === status) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`/api/admin/orders never answered ${status} to ${member.email}`);
}

async function statusOf(number: string) {
  const [row] = await test.database.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.number, number));
  return row!.status;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-staff-reading-'));
  test = await createTestPagesApp({ seed: true });
  await allowManyUnpaidOrders(test.database.db);
  productId = await stockedOneSizeProduct(test, 500);
  staff.owner = await signInSeededAdmin(test, 'Rossy Owner');
  staff.manager = await staffMember('manager', 'reading.manager@example.ng');
  staff.dispatch = await staffMember('dispatch', 'reading.dispatch@example.ng');
  staff.support = await staffMember('support', 'reading.support@example.ng');
  shopper = await signUpAccount(test, 'amaka.shopper@example.ng', 'Amaka Obi');
}, 180_000);

afterAll(async () => {
  await test?.close();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('finding 3: staff read the shopper’s orders under the staff rules, pages included', () => {
  let order: { number: string; key: string | null };
  /** What the shopper's order tells about her, which staff kept out must not read. */
  const hers = ['amaka.shopper@example.ng', '12 Allen Avenue'];
  /** A staff member's own order: hers as a shopper, whatever the staff rules. */
  let own: string;

  beforeAll(async () => {
    order = await paidOrder('shopper', 'standard');
    const placed = await inject({
      method: 'POST',
      url: '/api/orders',
      headers: auth(staff.support.token),
      payload: testOrderBody({ id: productId }, { email: staff.support.email }),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    own = placed.json().order.id as string;
    await saveShopSettings(test.database.db, { staffTwoFactor: 'required' });
    await adminAnswers(staff.dispatch, 403);
  });

  afterAll(async () => {
    await saveShopSettings(test.database.db, { staffTwoFactor: 'optional' });
    await adminAnswers(staff.support, 200);
  });

  it('without the second factor every role is refused her order by the API as by /api/admin, and learns nothing', async () => {
    for (const role of staffRoles) {
      const token = staff[role].token;
      const admin = await get('/api/admin/orders', token);
      expect(admin.statusCode, `/api/admin/orders as ${role}`).toBe(403);
      expect(admin.json().error.message).toBe(TWO_FACTOR_REQUIRED_FOR_STAFF);
      for (const url of [
        `/api/orders/${order.number}`,
        `/api/orders/${order.number}/returns`,
        `/api/orders/${order.number}/returnable`,
        // Not even whether a number exists.
        '/api/orders/ORD-99999',
      ]) {
        const answer = await get(url, token);
        expect(answer.statusCode, `${url} as ${role}`).toBe(403);
        expect(answer.json(), `${url} as ${role}`).toEqual(admin.json());
        for (const detail of hers) expect(answer.body, `${url} as ${role}`).not.toContain(detail);
      }
    }
  });

  it('without the second factor the order pages send every role to turn it on, as the admin pages do', async () => {
    for (const role of staffRoles) {
      const token = staff[role].token;
      const admin = await get('/admin?tab=orders', token);
      for (const url of [
        `/orders/${order.number}`,
        `/orderdetails/${order.number}`,
        `/order-success?order=${order.number}`,
      ]) {
        const page = await get(url, token);
        expect(page.statusCode, `${url} as ${role}`).toBe(admin.statusCode);
        expect(page.headers.location, `${url} as ${role}`).toBe('/profile?setup=two-factor');
        const data = await get(url.includes('?') ? url.replace('?', '.data?') : `${url}.data`, token);
        expect(data.statusCode, `${url} data as ${role}`).not.toBe(200);
        for (const detail of hers) {
          expect(page.body, `${url} as ${role}`).not.toContain(detail);
          expect(data.body, `${url} data as ${role}`).not.toContain(detail);
        }
      }
    }
  });

  it('her own order stays hers, and the shopper still reads hers', async () => {
    expect((await get(`/api/orders/${own}`, staff.support.token)).statusCode).toBe(200);
    expect((await get(`/orders/${own}`, staff.support.token)).statusCode).toBe(200);
    const mine = await shopperReads(order);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(hers[0]);
    expect((await shopperReads(order, true)).statusCode).toBe(200);
  });

  it('with the second factor on, a role that reads orders reads hers as staff: her details, not her pickup code', async () => {
    const token = staff.dispatch.token;
    const started = await inject({
      method: 'POST',
      url: '/api/profile/two-factor/setup',
      headers: auth(token),
    });
    expect(started.statusCode, started.body).toBe(200);
    const totp = URI.parse(started.json<{ otpauthUri: string }>().otpauthUri) as TOTP;
    const enabled = await inject({
      method: 'POST',
      url: '/api/profile/two-factor/enable',
      headers: auth(token),
      payload: { code: totp.generate() },
    });
    expect(enabled.statusCode, enabled.body).toBe(200);

    expect((await get('/api/admin/orders', token)).statusCode).toBe(200);
    const api = await get(`/api/orders/${order.number}`, token);
    expect(api.statusCode, api.body).toBe(200);
    expect(api.json()).toMatchObject({ id: order.number, customerEmail: hers[0], pickupCode: null });
    const page = await get(`/orders/${order.number}`, token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(hers[0]);
    // A customer is not staff: to her the order does not exist.
    const other = await signUpAccount(test, 'someone.else@example.ng');
    expect((await get(`/api/orders/${order.number}`, other.token)).statusCode).toBe(404);
  });
});

describe('finding 4: the pickup code is shown to its shopper only', () => {
  it('no staff role receives it in any answer or page, while the shopper who placed the order reads it', async () => {
    const ready = [await readyPickupOrder('guest'), await readyPickupOrder('shopper', staff.dispatch)];
    const leaks: string[] = [];
    for (const { number, code, readied } of ready) {
      if (readied.includes(code)) leaks.push(`${number}: the answer to readying it`);
      for (const role of staffRoles) {
        for (const url of [
          `/api/orders/${number}`,
          `/orders/${number}`,
          `/orders/${number}.data`,
          `/orderdetails/${number}`,
          `/order-success?order=${number}`,
          `/api/admin/orders?q=${number}`,
          '/api/admin/orders',
          `/admin?tab=orders&order=${number}`,
          `/admin.data?tab=orders&order=${number}`,
          `/api/admin/orders/${number}/refunds`,
          '/api/admin/outbox',
          '/api/admin/audit',
          '/api/admin/export/orders.csv',
          '/api/users',
        ]) {
          const answer = await get(url, staff[role].token);
          expect(answer.statusCode, `${url} as ${role}`).toBeLessThan(500);
          if (answer.body.includes(code)) leaks.push(`${url} as ${role}`);
        }
        const outbox = await get('/api/admin/outbox', staff[role].token);
        if (outbox.statusCode === 200)
          for (const mail of outbox.json().mails as { id: number }[]) {
            const one = await get(`/api/admin/outbox/${mail.id}`, staff[role].token);
            if (one.body.includes(code)) leaks.push(`/api/admin/outbox/${mail.id} as ${role}`);
          }
      }
    }
    expect(leaks).toEqual([]);

    for (const order of ready) {
      const api = await shopperReads(order);
      expect(api.json().pickupCode, order.number).toBe(order.code);
      const page = await shopperReads(order, true);
      expect(page.statusCode).toBe(200);
      expect(page.body, order.number).toContain(order.code);
    }
  }, 120_000);
});

describe('collecting: staff type the code the shopper shows', () => {
  it('the right code collects, typed as staff type it, by the API and by the dashboard', async () => {
    const byApi = await readyPickupOrder('guest');
    const typed = `${byApi.code.slice(0, 3).toLowerCase()} ${byApi.code.slice(3)}`;
    const collected = await collect(byApi.number, typed, staff.dispatch);
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json()).toMatchObject({ status: 'picked_up', pickupCode: null });

    const byForm = await readyPickupOrder('shopper');
    const form = await inject({
      method: 'POST',
      url: '/admin',
      headers: {
        ...auth(staff.manager.token),
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        host: 'localhost',
      },
      payload: new URLSearchParams({
        intent: 'collect',
        number: byForm.number,
        pickupCode: byForm.code,
      }).toString(),
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(await statusOf(byForm.number)).toBe('picked_up');
  });

  it('wrong codes are counted per order: past the limit even the right code is 429 and the order waits', async () => {
    const { bySubject } = secretRateLimits['pickup-code'];
    const order = await readyPickupOrder('guest');
    const wrong = order.code === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA';
    for (let attempt = 0; attempt < bySubject.limit; attempt++) {
      const answer = await collect(order.number, wrong, staff.dispatch, freshAddress());
      expect(answer.statusCode, `wrong code ${attempt + 1}`).toBe(400);
    }
    const capped = await collect(order.number, order.code, staff.dispatch, freshAddress());
    expect(capped.statusCode, capped.body).toBe(429);
    expect(capped.json().error.code).toBe('RATE_LIMITED');
    expect(await statusOf(order.number)).toBe('ready_for_pickup');
  });

  it('and per address: wrong codes spread over many orders stop at the address’s limit', async () => {
    const { bySubject, byIp } = secretRateLimits['pickup-code'];
    const address = freshAddress();
    const perOrder = bySubject.limit - 1;
    let spent = 0;
    while (spent < byIp.limit) {
      const order = await readyPickupOrder('guest');
      const wrong = order.code === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA';
      for (let attempt = 0; attempt < perOrder && spent < byIp.limit; attempt++, spent++)
        expect((await collect(order.number, wrong, staff.dispatch, address)).statusCode).toBe(400);
    }
    const next = await readyPickupOrder('guest');
    const refused = await collect(next.number, next.code, staff.dispatch, address);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(await statusOf(next.number)).toBe('ready_for_pickup');
    // At the shop's other counter the same code still collects.
    expect((await collect(next.number, next.code, staff.dispatch, freshAddress())).statusCode).toBe(200);
  });
});

describe('what the shop keeps of a code', () => {
  /** What would give a code away: itself, and its hashes that need no key to try all 25⁶ codes against. */
  const giveaways = (number: string, code: string) => ({
    'the code': code,
    'its SHA-256': createHash('sha256').update(code).digest('hex'),
    'its SHA-256 with the order number': createHash('sha256').update(`${number}\n${code}`).digest('hex'),
  });

  async function tableRows(): Promise<Record<string, string>> {
    const tables = (
      (await test.database.db.execute(
        sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      )) as { rows: { tablename: string }[] }
    ).rows.map((row) => row.tablename);
    const text: Record<string, string> = {};
    for (const table of tables) {
      const rows = (
        (await test.database.db.execute(sql.raw(`SELECT row_to_json(t)::text AS row FROM "${table}" t`))) as {
          rows: { row: string }[];
        }
      ).rows;
      text[table] = rows.map((row) => row.row).join('\n');
    }
    return text;
  }

  it('the database holds its proof and its sealed copy, never the code nor a hash tried without the key', async () => {
    const { number, code } = await readyPickupOrder('shopper');
    const [row] = (
      (await test.database.db.execute(
        sql`SELECT pickup_code, pickup_code_hash, pickup_code_sealed FROM orders WHERE number = ${number}`,
      )) as {
        rows: { pickup_code: string | null; pickup_code_hash: string; pickup_code_sealed: string }[];
      }
    ).rows;
    expect(row!.pickup_code).toBeNull();
    expect(row!.pickup_code_hash).toMatch(/^[0-9A-F]{64}$/);
    expect(row!.pickup_code_sealed).toMatch(/^v1\./);
    const leaks: string[] = [];
    for (const [table, text] of Object.entries(await tableRows())) {
      // The outbox keeps each e-mail as it was sent (without SMTP it is the delivery itself): the
      // shopper's ready-for-pickup mail carries her code there, and its every reader (the admin's
      // Outbox, a backup) is given it hidden.
      if (table === 'outbox') continue;
      for (const [name, secret] of Object.entries(giveaways(number, code)))
        if (text.includes(secret)) leaks.push(`${name} in ${table}`);
    }
    expect(leaks).toEqual([]);
  });

  it('a backup holds neither, and not the shop key that would open its sealed copy', async () => {
    const ready = await readyPickupOrder('guest');
    const key = 'staff-reading-probe-backup-key-0123456789';
    const dataDir = fs.mkdtempSync(path.join(work, 'data-'));
    const uploadDir = fs.mkdtempSync(path.join(work, 'uploads-'));
    const archive = path.join(work, 'backups', 'shop.backup');
    await backupShop({ database: test.database, uploadDir, dataDir }, archive, { key, ownFolder: true });
    const into = fs.mkdtempSync(path.join(work, 'opened-'));
    const opened = await openBackup(archive, into, { key, unverified: false });
    const files = fs.mkdtempSync(path.join(work, 'files-'));
    await tar.extract({ file: opened.payload, cwd: files });
    const everything = (fs.readdirSync(files, { recursive: true }) as string[])
      .map((name) => path.join(files, name))
      .filter((file) => fs.statSync(file).isFile())
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    expect(everything, 'the archive holds the orders').toContain(ready.number);
    expect(everything).toContain('pickup_code_sealed');
    for (const [name, secret] of Object.entries(giveaways(ready.number, ready.code)))
      expect(everything.includes(secret), `${name} is in the backup`).toBe(false);
    expect(fs.existsSync(path.join(files, 'shop-key')), 'the shop key').toBe(false);
    expect(everything).not.toContain(test.app.services.orders.shopKey);
  });
});
