import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueStockAlerts, stockAlertLimits, stockAlertToken } from '../../core/catalog/stock-alerts';
import { productVariants, products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
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
/** Another product's sold-out size, for the probes that restock it. */
let other: { product: number; variant: number; size: string; color: string | null };
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

  const [second] = await test.database.db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        eq(products.status, 'active'),
        sql`${products.id} > ${product}`,
        sql`${productVariants.size} <> ''`,
      ),
    )
    .orderBy(products.id, productVariants.position)
    .limit(1);
  other = {
    product: second!.productId,
    variant: second!.id,
    size: second!.size,
    color: second!.color || null,
  };
  await test.database.db
    .update(productVariants)
    .set({ stock: 0 })
    .where(eq(productVariants.id, other.variant));
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

function askOther(email: string, remoteAddress = nextAddress()) {
  return test.app.inject({
    method: 'POST',
    url: `/api/products/${other.product}/stock-alerts`,
    remoteAddress,
    payload: { email, size: other.size, color: other.color },
  });
}

/** Every mail in the outbox to one of these addresses, oldest first. */
const mailsTo = async (match: (to: string) => boolean) =>
  (await test.database.db.select().from(outbox).orderBy(outbox.id)).filter((mail) => match(mail.to));

const confirmLinkIn = (text: string) => {
  const link = /https?:\/\/\S+\/stock-alerts\/confirm\?token=[\w-]+/.exec(text)?.[0];
  expect(link, 'the mail carries a confirmation link').toBeDefined();
  return new URL(link!);
};

/** Follows the link of the latest confirmation mail to `email`, and presses its button. */
async function confirmByLink(email: string) {
  const [latest] = (await mailsTo((to) => to === email))
    .filter((mail) => mail.subject.startsWith('Confirm'))
    .reverse();
  const link = confirmLinkIn(latest!.text);
  // Opening the link shows what it confirms and asks for a button (mail scanners open links).
  const page = await test.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Confirm my alert');
  return test.app.inject({
    method: 'POST',
    url: '/stock-alerts/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: link.searchParams.get('token')! }).toString(),
  });
}

const restockOther = async (run: () => Promise<void>) => {
  await test.database.db
    .update(productVariants)
    .set({ stock: 3 })
    .where(eq(productVariants.id, other.variant));
  try {
    await sendDueStockAlerts(test.app.services.newsletter);
    await run();
  } finally {
    await test.database.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(eq(productVariants.id, other.variant));
  }
};

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
  it('limits one client address, and one mailbox however many addresses send it', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1)
      statuses.push((await ask(`spray.${index}@example.ng`, '10.56.0.1')).statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);

    // One mailbox, whatever +tag is added to it.
    const victim: number[] = [];
    for (let index = 0; index < 12; index += 1)
      victim.push(
        (await ask(index % 2 ? 'victim.inbox@example.ng' : `victim.inbox+${index}@example.ng`)).statusCode,
      );
    expect(victim.slice(10)).toEqual([429, 429]);
    const rows = await test.database.db
      .select({ email: stockAlerts.email })
      .from(stockAlerts)
      .where(eq(stockAlerts.mailbox, 'victim.inbox@example.ng'));
    expect(rows).toEqual([{ email: 'victim.inbox+0@example.ng' }]);
  });

  it('stops a size at a bounded list of confirmed watchers, refusing every address alike once it is full', async () => {
    const confirmedOnList = async () =>
      (
        await test.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(stockAlerts)
          .where(
            sql`${stockAlerts.notifiedAt} IS NULL AND ${stockAlerts.confirmedAt} IS NOT NULL
                AND ${stockAlerts.productId} = ${product} AND ${stockAlerts.size} = ${soldOut.size}`,
          )
      )[0]!.n;
    // Shoppers who confirmed, all but two places (written directly: the flood probe below shows that
    // sign-ups nobody confirms leave the list open)...
    const room = stockAlertLimits.perOption - (await confirmedOnList());
    const [variant] = await test.database.db
      .select({ color: productVariants.color })
      .from(productVariants)
      .where(and(eq(productVariants.productId, product), eq(productVariants.size, soldOut.size)))
      .orderBy(productVariants.position)
      .limit(1);
    await test.database.db.insert(stockAlerts).values(
      Array.from({ length: room - 2 }, (_, index) => ({
        productId: product,
        size: soldOut.size,
        color: variant!.color,
        email: `watcher.${index}@example.ng`,
        confirmedAt: new Date(),
      })),
    );
    // ...and the last two through the form and their links.
    for (const email of ['last.one@example.ng', 'last.two@example.ng']) {
      expect((await ask(email)).statusCode).toBe(202);
      expect((await confirmByLink(email)).body).toContain('we will e-mail you when it is back');
    }
    expect(await confirmedOnList()).toBe(stockAlertLimits.perOption);

    // Full is full for every address alike, one pending or confirmed on it too: the answer says
    // nothing about who is on it.
    const answers = [];
    for (const email of ['newcomer@example.ng', 'known@example.ng', 'last.one@example.ng'])
      answers.push(await ask(email));
    expect(answers.map((answer) => answer.statusCode)).toEqual([429, 429, 429]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await confirmedOnList()).toBe(stockAlertLimits.perOption);
  }, 120_000);
});

describe('a stranger cannot turn someone else’s mailbox into a watcher', () => {
  it('gives a +tag and Gmail-dots flood of one mailbox one confirmation mail, and no alert', async () => {
    const typed = [
      ...Array.from({ length: 25 }, (_, k) => `tagged.victim+${k}@example.ng`),
      'tagged.victim@example.ng',
      'Tagged.Victim+again@Example.NG',
    ];
    for (const email of typed) expect([202, 429]).toContain((await askOther(email)).statusCode);
    const gmail = ['ada.obi.probe@gmail.com', 'adaobi.probe+x@gmail.com', 'a.d.a.o.b.i.probe@googlemail.com'];
    for (const email of gmail) expect((await askOther(email)).statusCode).toBe(202);

    const victimMail = (to: string) => to.startsWith('tagged.victim');
    const gmailMail = (to: string) => /probe/.test(to) && /g(oogle)?mail\.com$/.test(to);
    const confirmations = await mailsTo(victimMail);
    expect(confirmations, 'one mail to the mailbox, however many tags').toHaveLength(1);
    expect(confirmations[0]!.subject).toMatch(/^Confirm/);
    expect(await mailsTo(gmailMail), 'one mail to the Gmail mailbox, however many dots').toHaveLength(1);

    // The size comes back: nobody confirmed, so nobody is told.
    await restockOther(async () => {
      expect(await mailsTo(victimMail)).toHaveLength(1);
      expect(await mailsTo(gmailMail)).toHaveLength(1);
    });
  });

  it('does not let 600 unconfirmed sign-ups from 20 addresses lock a real shopper out', async () => {
    const statuses: number[] = [];
    for (let ip = 0; ip < 20; ip += 1)
      for (let k = 0; k < 30; k += 1)
        statuses.push((await askOther(`filler.${ip}.${k}@example.ng`, `10.77.0.${ip + 1}`)).statusCode);
    expect(statuses.filter((status) => status === 202)).toHaveLength(600);

    const shopper = 'real.shopper@example.ng';
    expect((await askOther(shopper)).statusCode).toBe(202);
    const confirmed = await confirmByLink(shopper);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('we will e-mail you when it is back');

    await restockOther(async () => {
      const mails = await mailsTo((to) => to === shopper);
      expect(mails.map((mail) => mail.subject.slice(0, 14))).toEqual(['Confirm your s', 'Back in stock:']);
      // The fillers, who never confirmed, got their one confirmation each and nothing more.
      const fillers = await mailsTo((to) => to.startsWith('filler.'));
      expect(fillers.every((mail) => mail.subject.startsWith('Confirm'))).toBe(true);
    });
  }, 300_000);
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
    // The confirmation page alike: a forged or odd token confirms nothing and shows nothing.
    for (const body of bodies) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/stock-alerts/confirm',
        headers: { 'content-type': body.type },
        payload: body.payload.replaceAll('email=', 'token='),
      });
      expect(response.statusCode, `confirm ${body.type}`).toBeLessThan(500);
    }
    for (const token of ['', 'forged', 'x'.repeat(43), 'x'.repeat(3000)]) {
      const page = await test.app.inject({ method: 'GET', url: `/stock-alerts/confirm?token=${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('This confirmation link is not valid or has expired');
      expect(page.body).not.toContain('Confirm my alert');
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
