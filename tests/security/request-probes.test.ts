import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { outbox } from '../../db/schema/mail';
import { buildApp } from '../../server/app';
import { logSerializers } from '../../server/logging';
import { TEST_PASSWORD, auth, signUpAccount } from '../fixtures/admin-api';
import { createTestApp, type TestApp } from '../fixtures/test-app';
import { createTestPagesApp } from '../fixtures/test-pages-app';
import { testConfig } from '../fixtures/test-config';

/**
 * Issue 13, items 3, 5, 6, 7 and 11: what a hostile request must not get from the shop. The whole
 * shop (API and pages, the pages compiled by Vite with their own copy of every module) on one database.
 */
let test: TestApp;
beforeAll(async () => {
  test = await createTestPagesApp({ seed: true });
}, 180_000);
afterAll(async () => {
  await test?.close();
});

let addressCounter = 0;
/** A socket address of its own for each test, so per-address limits meet only that test's requests. */
const freshAddress = () => `10.13.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

const FORM = 'application/x-www-form-urlencoded';

async function signInCookie(email: string, remoteAddress = freshAddress()): Promise<string> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress,
    payload: { email, password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  const cookie = [response.headers['set-cookie']].flat().find((value) => value?.startsWith('rossy_session='));
  expect(cookie).toBeTruthy();
  return cookie!.split(';', 1)[0]!;
}

async function makeAdmin(email: string): Promise<string> {
  const account = await signUpAccount(test, email, 'Outbox Reader');
  await test.database.db.update(users).set({ role: 'owner' }).where(eq(users.id, account.id));
  return account.token;
}

describe('X-Forwarded-For is believed only from a trusted proxy (TRUST_PROXY)', () => {
  const track = (app: TestApp['app'], forwardedFor: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/orders/track',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { orderNumber: 'ORD-99999', email: 'nobody@example.ng' },
    });

  it('by default a client rotating X-Forwarded-For is still one address: the 31st tracking request is refused', async () => {
    const socket = freshAddress();
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 31; attempt++)
      statuses.push((await track(test.app, `203.0.113.${attempt}`, socket)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status !== 429)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('by default X-Forwarded-Host does not make a cross-site form look same-site', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/orders/track',
      remoteAddress: freshAddress(),
      headers: { origin: 'https://evil.test', 'x-forwarded-host': 'evil.test' },
      payload: { orderNumber: 'ORD-99999', email: 'nobody@example.ng' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('from the proxy named in TRUST_PROXY, each forwarded address is counted apart', async () => {
    const trusted = await createTestApp({ seed: false, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 35; attempt++)
        statuses.push((await track(trusted.app, `203.0.113.${attempt}`, '127.0.0.1')).statusCode);
      expect(statuses).not.toContain(429);
      // One forwarded address is still limited, and a socket that is not the proxy is not believed.
      const same: number[] = [];
      for (let attempt = 1; attempt <= 31; attempt++)
        same.push((await track(trusted.app, '198.51.100.7', '127.0.0.1')).statusCode);
      expect(same[30]).toBe(429);
      const direct: number[] = [];
      for (let attempt = 1; attempt <= 31; attempt++)
        direct.push((await track(trusted.app, `192.0.2.${attempt}`, '10.9.9.9')).statusCode);
      expect(direct[30]).toBe(429);
    } finally {
      await trusted.close();
    }
  }, 60_000);
});

describe('control characters are refused with a 400 naming the field, never a 500', () => {
  it.each([
    ['GET', '/api/products?q=%00', undefined, 'q'],
    ['GET', '/api/products?q=bag%01', undefined, 'q'],
    ['GET', '/api/categories/%00', undefined, 'id'],
    ['POST', '/api/login', { email: 'ada\u0000@example.ng', password: 'x' }, 'email'],
    ['POST', '/api/signup', { name: 'Ada\u0000', email: 'ada@example.ng', password: TEST_PASSWORD }, 'name'],
    ['POST', '/api/orders/track', { orderNumber: 'ORD-1\u0000', email: 'a@example.ng' }, 'orderNumber'],
    ['POST', '/api/cart/quote', { items: [{ id: '1\u0000', quantity: 1 }] }, 'items.0.id'],
  ] as const)('%s %s', async (method, url, payload, field) => {
    const response = await test.app.inject({ method, url, payload, remoteAddress: freshAddress() });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{
      error: { code: string; message: string; fields?: Record<string, string> };
    }>();
    expect(body.error.code).toBe('BAD_REQUEST');
    expect(body.error.fields?.[field]).toMatch(/control characters/);
  });

  it('tab, CR and LF are still allowed in text', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/products?q=agbada%09set%0A' });
    expect(response.statusCode).toBe(200);
  });

  it('a page action with NUL in a form field answers 400 naming it', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: freshAddress(),
      headers: { 'content-type': FORM },
      payload: 'email=ada%00%40example.ng&password=x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', fields: { email: expect.any(String) } },
    });
  });
});

describe('issue 24, finding 4: a malformed Host (or forwarded host) is a 400, never a 500', () => {
  const BAD_HOSTS = [
    'a b',
    'x:99999',
    'x:-1',
    'x:3000:1',
    'x:port',
    '[::1',
    '[zz]:80',
    'a/b',
    'user@shop.example',
    'shop.example?x',
    'shop.example#x',
    'a%20b',
    'é.example',
    'x'.repeat(300),
  ];
  const PAGES = ['/', '/products', '/product/1001', '/abcxyz', '/login.data'];

  it.each(BAD_HOSTS)('Host: %s answers 400 with the error shape on every page and the API', async (host) => {
    for (const url of [...PAGES, '/api/products', '/api/does-not-exist']) {
      const response = await test.app.inject({ method: 'GET', url, headers: { host } });
      expect(response.statusCode, `${url} with Host ${host}: ${response.body.slice(0, 200)}`).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'BAD_REQUEST', message: expect.stringMatching(/host/i) },
      });
    }
  });

  it.each([
    'localhost',
    'localhost:3000',
    'shop.example.ng',
    'Shop.Example.NG.',
    '127.0.0.1:8080',
    '[::1]:3000',
  ])('Host: %s is served', async (host) => {
    const response = await test.app.inject({ method: 'GET', url: '/products', headers: { host } });
    expect(response.statusCode).toBe(200);
  });

  it('a page request whose target starts with // is rendered for the shop, not for the host it names', async () => {
    for (const url of ['//x:99999/products', '//a%20b/', '//evil.test/products']) {
      const response = await test.app.inject({ method: 'GET', url, headers: { host: 'shop.example.ng' } });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('evil.test');
    }
  });

  it('from the proxy named in TRUST_PROXY, a malformed X-Forwarded-Host or -Proto is a 400; from anyone else it is ignored', async () => {
    const trusted = await createTestApp({ seed: false, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      for (const headers of [
        { 'x-forwarded-host': 'a b' },
        { 'x-forwarded-host': 'shop.example.ng, x:99999' },
        { 'x-forwarded-proto': 'ht tp' },
        { 'x-forwarded-proto': 'javascript' },
      ]) {
        const fromProxy = await trusted.app.inject({
          method: 'GET',
          url: '/api/health',
          remoteAddress: '127.0.0.1',
          headers,
        });
        expect(fromProxy.statusCode, JSON.stringify(headers)).toBe(400);
        expect(fromProxy.json()).toMatchObject({ error: { code: 'BAD_REQUEST' } });
        const fromStranger = await trusted.app.inject({
          method: 'GET',
          url: '/api/health',
          remoteAddress: '10.9.9.9',
          headers,
        });
        expect(fromStranger.statusCode, JSON.stringify(headers)).toBe(200);
      }
      const good = await trusted.app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-host': 'shop.example.ng', 'x-forwarded-proto': 'https' },
      });
      expect(good.statusCode).toBe(200);
    } finally {
      await trusted.close();
    }
  });
});

describe('page actions refuse bodies they do not take with a 4xx', () => {
  const actions = [
    '/login',
    '/register',
    '/checkout',
    '/contact',
    '/track-order',
    '/forgot-password',
    '/reset-password',
    '/profile',
    '/newsletter',
    '/login.data',
  ];
  const bodies = [
    { type: 'application/json', payload: '{"email":"ada@example.ng","password":"x"}', status: 415 },
    { type: 'text/plain', payload: 'email=ada@example.ng', status: 415 },
    { type: 'application/xml', payload: '<a/>', status: 415 },
    { type: 'multipart/form-data; boundary=x', payload: 'garbage', status: 400 },
    { type: 'multipart/form-data', payload: 'garbage', status: 400 },
  ];
  for (const url of actions)
    for (const body of bodies)
      it(`POST ${url} as ${body.type} → ${body.status}`, async () => {
        const response = await test.app.inject({
          method: 'POST',
          url,
          remoteAddress: freshAddress(),
          headers: { 'content-type': body.type },
          payload: body.payload,
        });
        expect(response.statusCode, response.body.slice(0, 300)).toBe(body.status);
        expect(response.json()).toMatchObject({
          error: { code: expect.any(String), message: expect.any(String) },
        });
      });

  it('the cart quote still takes JSON, as the checkout sends it, and answers JSON', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/cart/quote',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: JSON.stringify({ items: [] }),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it('an empty multipart form reaches the action as an empty form (a 4xx from the form, not a 500)', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('a rate-limited page action answers 429 with its message and Retry-After', () => {
  it('the 11th sign-in to one account through the page', async () => {
    let last: Awaited<ReturnType<typeof test.app.inject>> | undefined;
    for (let attempt = 1; attempt <= 11; attempt++) {
      last = await test.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: freshAddress(),
        headers: { 'content-type': FORM },
        payload: 'email=limited%40example.ng&password=wrong-password-1',
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.body).toContain('Too many attempts');
  });
});

describe('redirectTo: a path on this shop, or the default', () => {
  it.each([
    '/%09/evil.test',
    '/%0A/evil.test',
    '/%0D%0ASet-Cookie:%20a=b',
    '//evil.test',
    '/%5Cevil.test',
    '/%2F/evil.test',
    'https://evil.test/',
  ])('after signing in with redirectTo=%s the shopper lands on /profile', async (target) => {
    const email = `redirect.${addressCounter + 1}@example.ng`;
    await signUpAccount(test, email);
    const cookie = await signInCookie(email);
    const page = await test.app.inject({
      method: 'GET',
      url: `/login?redirectTo=${target}`,
      headers: { cookie },
    });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/profile');
    const action = await test.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: freshAddress(),
      headers: { 'content-type': FORM },
      payload: new URLSearchParams({
        email,
        password: TEST_PASSWORD,
        redirectTo: decodeURIComponent(target),
      }).toString(),
    });
    expect(action.statusCode).toBe(302);
    expect(action.headers.location).toBe('/profile');
  });

  it('a same-site path is kept', async () => {
    const email = 'redirect.kept@example.ng';
    await signUpAccount(test, email);
    const action = await test.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: freshAddress(),
      headers: { 'content-type': FORM },
      payload: new URLSearchParams({
        email,
        password: TEST_PASSWORD,
        redirectTo: '/orders?page=2',
      }).toString(),
    });
    expect(action.headers.location).toBe('/orders?page=2');
  });
});

describe('the profile photo upload', () => {
  it.each([
    ['a form without a file', '--x\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--x--\r\n'],
    ['an empty multipart body', '--x--\r\n'],
    ['a cut-off body', '--x\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n'],
  ])('answers 400 with a clear message for %s', async (_name, payload) => {
    const token = (await signUpAccount(test, `avatar.${addressCounter++}@example.ng`)).token;
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      headers: { ...auth(token), 'content-type': 'multipart/form-data; boundary=x' },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'BAD_REQUEST', fields: { avatar: expect.any(String) } },
    });
  });
});

describe('secrets stay out of the logs', () => {
  function capture() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    // debug: every request's line, not only the failed and slow ones the shop logs by default.
    return { lines, logger: pino({ level: 'debug', serializers: logSerializers }, stream) };
  }

  it('request URLs are logged without order keys or reset tokens', async () => {
    const { lines, logger } = capture();
    const app = await buildApp({ config: testConfig(), database: test.database, logger });
    try {
      await app.inject({ method: 'GET', url: '/api/orders/ORD-10001?key=ORDER-KEY-SECRET-1' });
      await app.inject({ method: 'GET', url: '/api/products?page=1&token=RESET-TOKEN-SECRET-2&q=bag' });
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/orders/ORD-10001?key=[redacted]');
    expect(log).toContain('q=bag');
    expect(log).not.toContain('ORDER-KEY-SECRET-1');
    expect(log).not.toContain('RESET-TOKEN-SECRET-2');
  });

  it('issue 24, finding 7: a secret is redacted by its decoded name (?%6Bey= opens the order as ?key= does)', async () => {
    const { lines, logger } = capture();
    const app = await buildApp({ config: testConfig(), database: test.database, logger });
    try {
      await app.inject({ method: 'GET', url: '/api/orders/ORD-10001?%6Bey=ORDER-KEY-SECRET-3' });
      await app.inject({ method: 'GET', url: '/api/orders/ORD-10001?%6b%65%79=ORDER-KEY-SECRET-4&q=bag' });
      await app.inject({ method: 'GET', url: '/api/products?to%6Ben=RESET-TOKEN-SECRET-5' });
      await app.inject({ method: 'GET', url: '/api/products?KEY=ORDER-KEY-SECRET-6;x=1' });
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('?%6Bey=[redacted]');
    expect(log).toContain('q=bag');
    for (const secret of [
      'ORDER-KEY-SECRET-3',
      'ORDER-KEY-SECRET-4',
      'RESET-TOKEN-SECRET-5',
      'ORDER-KEY-SECRET-6',
    ])
      expect(log).not.toContain(secret);
  });

  it('a failing SQL statement is logged with its query text and without its parameters', async () => {
    const { lines, logger } = capture();
    const error = await test.database.db
      .execute(
        sql`select ${'ada.secret@example.ng'}::int as broken, ${'$argon2id$v=19$m=19456$c2FsdA$aGFzaA'} as hash`,
      )
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(error).toBeTruthy();
    logger.error({ err: error }, 'unhandled error');
    const log = lines.join('');
    expect(log).toContain('select $1::int');
    expect(log).not.toContain('ada.secret@example.ng');
    expect(log).not.toContain('argon2id');
  });
});

describe('what an admin reads of the outbox carries no usable token or key', () => {
  it('an admin reading a reset e-mail through the API cannot reset the password with it', async () => {
    const adminToken = await makeAdmin('outbox.reader@example.ng');
    const customer = await signUpAccount(test, 'reset.victim@example.ng');
    const forgot = await test.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      remoteAddress: freshAddress(),
      payload: { email: customer.email },
    });
    expect(forgot.statusCode).toBeLessThan(300);

    const list = await test.app.inject({
      method: 'GET',
      url: `/api/admin/outbox?q=${encodeURIComponent(customer.email)}`,
      headers: auth(adminToken),
    });
    const mails = list.json<{ mails: { id: number; subject: string }[] }>().mails;
    expect(mails.length).toBeGreaterThan(0);
    const shown = await test.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${mails[0]!.id}`,
      headers: auth(adminToken),
    });
    const mail = shown.json<{ text: string; html: string; subject: string }>();
    expect(mail.text).toContain('/reset-password?token=hidden');

    // Whatever the admin saw after token=, it does not reset the password.
    const seen = [...`${mail.text} ${mail.html}`.matchAll(/token=([^&\s"'<>]+)/g)].map((match) => match[1]!);
    expect(seen.length).toBeGreaterThan(0);
    for (const token of new Set(seen)) {
      const reset = await test.app.inject({
        method: 'POST',
        url: '/api/password/reset',
        remoteAddress: freshAddress(),
        payload: { token, password: 'Taken-Over-2026!', confirmPassword: 'Taken-Over-2026!' },
      });
      expect(reset.statusCode, `reset with ${token}`).toBeGreaterThanOrEqual(400);
    }

    // The mail itself, kept in the outbox for delivery, still works for its owner.
    const [row] = await test.database.db.select().from(outbox).where(eq(outbox.id, mails[0]!.id));
    const real = /token=([A-Za-z0-9_-]+)/.exec(row!.text)?.[1];
    expect(real).toBeTruthy();
    const ownerReset = await test.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      remoteAddress: freshAddress(),
      payload: { token: real, password: 'Owner-New-Pass-2026', confirmPassword: 'Owner-New-Pass-2026' },
    });
    expect(ownerReset.statusCode, ownerReset.body).toBeLessThan(300);
  });
});

describe('private answers are never cached; the public catalog says what may be', () => {
  it('anonymous catalog reads may be cached by a shared cache (a browser revalidates, a CDN keeps a minute)', async () => {
    for (const url of ['/api/products', '/api/categories', '/api/products/1001']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('public, no-cache');
      expect(response.headers['cdn-cache-control'], url).toBe(
        'public, s-maxage=60, stale-while-revalidate=300',
      );
    }
  });

  it('the same catalog reads by a signed-in caller, and every private answer, are private, no-store', async () => {
    const account = await signUpAccount(test, 'cache.shopper@example.ng');
    const cookie = await signInCookie(account.email);
    const cases: { url: string; headers: Record<string, string> }[] = [
      { url: '/api/products', headers: auth(account.token) },
      { url: '/api/products', headers: { cookie } },
      { url: '/api/profile', headers: auth(account.token) },
      { url: '/api/orders', headers: { cookie } },
      { url: '/profile', headers: { cookie } },
      { url: '/orders', headers: { cookie } },
      { url: '/', headers: { cookie } },
    ];
    for (const { url, headers } of cases) {
      const response = await test.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('private, no-store');
      expect(String(response.headers.vary), url).toMatch(/Cookie/);
    }
  });

  it('anonymous non-catalog API answers and errors are private, no-store', async () => {
    for (const url of ['/api/health', '/api/orders', '/api/products/does-not-exist']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('anonymous pages keep their own rule', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/products' });
    expect(response.headers['cache-control']).toBe('private, no-cache');
  });

  it('a page opened by a secret link is kept nowhere', async () => {
    for (const url of [
      '/reset-password?token=abc123',
      '/orders/ORD-1-x?key=abc123',
      '/verify-email?token=abc',
    ]) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  it('a POST to a page with no body and no content type is a 4xx, not a 500', async () => {
    for (const url of ['/login', '/register', '/checkout', '/contact', '/track-order']) {
      const response = await test.app.inject({ method: 'POST', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
