import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockAlertLimits, stockAlertToken } from '../../core/catalog/stock-alerts';
import { productVariants, products } from '../../db/schema/catalog';
import { stockAlerts } from '../../db/schema/stock-alerts';
import type { TestApp } from '../fixtures/test-app';
import { createTestPagesApp } from '../fixtures/test-pages-app';

/**
 * Back in stock alerts as an attacker tries them: finding out who waits for what, filling the list
 * or someone's inbox, and stopping someone else's alerts.
 */
let test: TestApp;
let product: number;
let soldOut: { size: string; color: string | null };
let address = 0;

beforeAll(async () => {
  test = await createTestPagesApp({ seed: true });
  const [row] = await test.database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(and(eq(products.status, 'active'), sql`cardinality(${products.sizes}) >= 2`))
    .orderBy(products.id)
    .limit(1);
  product = row!.id;
  const [variant] = await test.database.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, product), eq(productVariants.size, row!.sizes[1]!)))
    .orderBy(productVariants.position)
    .limit(1);
  soldOut = { size: variant!.size, color: variant!.color || null };
  await test.database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variant!.id));
}, 180_000);
afterAll(async () => {
  await test?.close();
});

const nextAddress = () => `10.55.${Math.floor(address / 250) % 250}.${(address++ % 250) + 1}`;

function ask(email: string, remoteAddress = nextAddress()) {
  return test.app.inject({
    method: 'POST',
    url: `/api/products/${product}/stock-alerts`,
    remoteAddress,
    payload: { email, ...soldOut },
  });
}

const waitingFor = async (email: string) =>
  (
    await test.database.db
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(and(eq(stockAlerts.email, email), sql`${stockAlerts.notifiedAt} IS NULL`))
  ).length;

describe('nobody learns who waits for what', () => {
  it('answers an address already on the list exactly as a new one', async () => {
    expect((await ask('known@example.ng')).statusCode).toBe(202);
    const known = await ask('known@example.ng');
    const fresh = await ask('stranger@example.ng');
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toBe(fresh.body);
    const headersOf = (response: typeof known) =>
      Object.keys(response.headers)
        .filter((name) => !['date', 'x-request-id', 'content-length'].includes(name))
        .sort();
    expect(headersOf(known)).toEqual(headersOf(fresh));
  });

  it('shows a foreign or forged link nothing of the address it names', async () => {
    const mine = await stockAlertToken(test.database.db, 'attacker@example.ng');
    for (const token of [mine, 'forged', '']) {
      const page = await test.app.inject({
        method: 'GET',
        url: `/stock-alerts/unsubscribe?${new URLSearchParams({ email: 'known@example.ng', token })}`,
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('This link is not valid');
      expect(page.body).not.toContain('is waiting for');
    }
  });
});

describe('nobody fills the list or an inbox', () => {
  it('limits one client address, and one e-mail however many addresses send it', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1)
      statuses.push((await ask(`spray.${index}@example.ng`, '10.56.0.1')).statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);

    const victim: number[] = [];
    for (let index = 0; index < 12; index += 1)
      victim.push((await ask('victim.inbox@example.ng')).statusCode);
    expect(victim.slice(10)).toEqual([429, 429]);
    expect(await waitingFor('victim.inbox@example.ng')).toBe(1);
  });

  it('stops a size at a bounded waiting list, refusing every address alike once it is full', async () => {
    const [count] = await test.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockAlerts)
      .where(sql`${stockAlerts.notifiedAt} IS NULL AND ${stockAlerts.productId} = ${product}`);
    const room = stockAlertLimits.perOption - count!.n;
    // A flood from many addresses, each with a fresh e-mail.
    const statuses: number[] = [];
    for (let index = 0; index < room + 3; index += 1)
      statuses.push((await ask(`flood.${index}@example.ng`)).statusCode);
    expect(statuses.slice(0, room).every((status) => status === 202)).toBe(true);
    expect(statuses.slice(room)).toEqual([429, 429, 429]);
    // Full is full for an address already waiting too: the answer says nothing about who is on it.
    expect((await ask('known@example.ng')).statusCode).toBe(429);
    const [after] = await test.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockAlerts)
      .where(sql`${stockAlerts.notifiedAt} IS NULL AND ${stockAlerts.productId} = ${product}`);
    expect(after!.n).toBe(stockAlertLimits.perOption);
  }, 120_000);
});

describe("nobody stops someone else's alerts", () => {
  const form = (fields: Record<string, string>) => ({
    method: 'POST' as const,
    url: '/stock-alerts/unsubscribe',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

  it('refuses a token made for another address, and an alert id that is not the address’s own', async () => {
    const [alert] = await test.database.db
      .select({ id: stockAlerts.id })
      .from(stockAlerts)
      .where(eq(stockAlerts.email, 'known@example.ng'));
    const mine = await stockAlertToken(test.database.db, 'attacker@example.ng');

    const foreign = await test.app.inject(
      form({ email: 'known@example.ng', token: mine, alert: String(alert!.id), intent: 'stop-all' }),
    );
    expect(foreign.statusCode).toBe(403);
    expect(await waitingFor('known@example.ng')).toBe(1);

    // The attacker's own valid link, pointed at the victim's alert: nothing of the victim's goes.
    const ownLink = await test.app.inject(
      form({ email: 'attacker@example.ng', token: mine, alert: String(alert!.id), intent: 'stop-one' }),
    );
    expect(ownLink.statusCode).toBe(200);
    expect(await waitingFor('known@example.ng')).toBe(1);

    // The victim's own link works, twice alike.
    const token = await stockAlertToken(test.database.db, 'known@example.ng');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const own = await test.app.inject(
        form({ email: 'known@example.ng', token, alert: String(alert!.id), intent: 'stop-one' }),
      );
      expect(own.statusCode).toBe(200);
      expect(own.body).toContain('Done: we will not e-mail you about this one.');
    }
    expect(await waitingFor('known@example.ng')).toBe(0);
  });
  it('answers malformed bodies and queries on the unsubscribe page without a server error', async () => {
    const bodies: { type: string; payload: string }[] = [
      { type: 'application/json', payload: '{"email":' },
      { type: 'text/plain', payload: 'email=known@example.ng' },
      {
        type: 'multipart/form-data; boundary=x',
        payload: '--x\r\nContent-Disposition: form-data; name="email"',
      },
      {
        type: 'application/x-www-form-urlencoded',
        payload: 'email=%E0%A4%A&token=%00&alert=1e400&intent=stop-all',
      },
      {
        type: 'application/x-www-form-urlencoded',
        payload: `email=${'a'.repeat(5000)}&token=${'b'.repeat(5000)}&alert=-1&intent=stop-one`,
      },
    ];
    for (const body of bodies) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/stock-alerts/unsubscribe',
        headers: { 'content-type': body.type },
        payload: body.payload,
      });
      expect(response.statusCode, `${body.type}: ${body.payload.slice(0, 40)}`).toBeLessThan(500);
    }
    for (const query of [
      'alert=abc',
      'email=&token=',
      `email=${'x'.repeat(3000)}`,
      'alert=99999999999999999999',
    ])
      expect(
        (await test.app.inject({ method: 'GET', url: `/stock-alerts/unsubscribe?${query}` })).statusCode,
      ).toBe(200);
  });
});
