import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/test-app';
import { createTestPagesApp } from '../fixtures/test-pages-app';
import { concretePath, documentedRoutes, type ApiRoute } from './api-routes';
import { signInSeededAdmin, signUpAs } from '../fixtures/admin-api';

/**
 * Every documented endpoint, sent malformed bodies, queries, path values and headers as guest,
 * customer and admin: the shop must answer each with a 2xx, 3xx or 4xx, never a 5xx.
 * FUZZ_RUNS sets the number of cases per route and caller (default 30).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

let test: TestApp;
let routes: ApiRoute[];
const tokens: Record<'guest' | 'customer' | 'admin', string | null> = {
  guest: null,
  customer: null,
  admin: null,
};

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  routes = documentedRoutes(test.app);
  tokens.admin = (await signInSeededAdmin(test)).token;
  tokens.customer = await signUpAs(test, 'fuzz.customer@example.ng');
}, 120_000);
afterAll(async () => {
  await test?.close();
});

const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  '99999999999999999999999',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "' OR 1=1 --",
  '"; DROP TABLE orders; --',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  'a\u0000b',
  '\u0001\u0007\u0008',
  '\u001b[31mred',
  '\u001f',
  '\u007f',
  'line\r\nbreak',
  '/\t/evil.test',
  '<script>alert(1)</script>',
  'ORD-10001',
  'ORD-99999999',
  '00000000-0000-0000-0000-000000000000',
  'ä'.repeat(300),
  'x'.repeat(5000),
  '__proto__',
  'constructor',
);
/**
 * Numbers at and past every edge the shop stores or reads: int4 columns (ids, kobo, counts) end at
 * 2³¹−1, JavaScript's safe integers at 2⁵³−1, doubles at 1.8e308; negative, fractional and tiny ones.
 */
const edgeNumbers = [
  2_147_483_647,
  2_147_483_648,
  -2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  21_474_836.48,
  21_474_837,
  20_000_000.01,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -1,
  -0,
  0.5,
  1.5,
  0.001,
  1e-7,
  -1e308,
];
const number = fc.oneof(
  fc.constantFrom(...edgeNumbers),
  fc.integer(),
  fc.maxSafeInteger(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
/** The same in the forms a path, a query or a form field carries: exponents, signs, zeros, words. */
const numberText = fc.oneof(
  number.map(String),
  fc.constantFrom(
    '2147483648',
    '99999999999',
    '1e10',
    '1E+400',
    '1e309',
    '-0',
    '+1',
    '0x10',
    '0b11',
    '1_000',
    '00001',
    '.5',
    '5.',
    '1e-7',
    '9'.repeat(40),
    '-9223372036854775809',
    'Infinity',
    '-Infinity',
    '21474837',
    '20000000.01',
  ),
);
const text = fc.oneof(nasty, fc.string({ maxLength: 60 }), fc.integer().map(String), numberText);
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'id',
      'email',
      'password',
      'items',
      'quantity',
      'price',
      'originalPrice',
      'stock',
      'amount',
      'expectedTotal',
      'percent',
      'usageLimit',
      'rating',
      'status',
      'code',
      'name',
      'key',
      'reference',
      'orderId',
      'txRef',
      'transactionId',
      '__proto__',
    ),
    fc.oneof(fc.jsonValue({ maxDepth: 2 }), number, numberText),
  ),
  fc.record({
    items: fc.array(
      fc.record({
        id: fc.oneof(fc.integer(), number, text),
        quantity: fc.oneof(fc.integer(), fc.double(), number, text),
        price: fc.oneof(fc.double(), number),
      }),
      { maxLength: 4 },
    ),
    email: text,
    paymentMethod: text,
    shippingMethod: text,
  }),
);
const rawBody = fc.oneof(
  jsonValue.map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
  fc
    .constantFrom('{"unterminated": ', '[1,2', '{"a":1}{"b":2}', 'null', '"just a string"', '\u0000\u0001')
    .map((payload) => ({ payload, type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((payload) => ({ payload, type: 'text/plain' })),
  fc.string({ maxLength: 200 }).map((payload) => ({ payload, type: 'application/x-www-form-urlencoded' })),
  fc.constant({
    payload: '--x\r\nContent-Disposition: form-data; name="avatar"\r\n\r\nnot an image\r\n--x--',
    type: 'multipart/form-data; boundary=x',
  }),
  fc.constant({ payload: 'garbage', type: 'multipart/form-data' }),
  fc.constant({ payload: '--x--\r\n', type: 'multipart/form-data; boundary=x' }),
  fc.constant({ payload: '', type: 'multipart/form-data; boundary=x' }),
  fc.constant({
    payload: '--x\r\nContent-Disposition: form-data; name="note"\r\n\r\nno file\r\n--x--\r\n',
    type: 'multipart/form-data; boundary=x',
  }),
);
const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      'page',
      'pageSize',
      'q',
      'sort',
      'status',
      'from',
      'to',
      'minPrice',
      'maxPrice',
      'category',
      'key',
      'filter',
      'rating',
    ),
    fc.string({ maxLength: 10 }),
  ),
  text,
  { maxKeys: 4 },
);
/** Host values as a client may send them, well-formed or not (a malformed one once made the pages throw). */
const host = fc.oneof(
  fc.constantFrom(
    'localhost:3000',
    'shop.example.ng',
    '[::1]:80',
    'a b',
    'x:99999',
    'x:-1',
    '[::1',
    'a@b',
    'é.ng',
    '',
  ),
  fc.stringMatching(/^[ -~]{0,24}$/),
);
/** Mostly the shop's own host, so the other malformed parts still reach the handlers. */
const mostlyGoodHost = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 1, arbitrary: host },
);
const headers = fc.record(
  {
    host: fc.oneof({ weight: 3, arbitrary: fc.constant('localhost:80') }, { weight: 1, arbitrary: host }),
    'idempotency-key': text,
    'accept-language': text,
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1', ''),
    'verif-hash': text,
    cookie: fc.constantFrom('rossy_session=garbage', 'rossy_session=', 'a=b; c', ''),
  },
  { requiredKeys: [] },
);

describe('the documented API answers malformed input without a server error', () => {
  it('documents the routes it serves', () => {
    expect(routes.length).toBeGreaterThan(30);
  });

  for (const caller of ['guest', 'customer', 'admin'] as const) {
    it(`as ${caller}: every route, malformed path values, queries, bodies and headers`, async () => {
      const failures: string[] = [];
      let requests = 0;
      for (const route of routes) {
        await fc
          .assert(
            fc.asyncProperty(
              fc.dictionary(fc.constantFrom(...(route.params.length ? route.params : ['none'])), text),
              query,
              rawBody,
              headers,
              async (params, search, body, extra) => {
                const token = tokens[caller];
                const options: InjectOptions = {
                  method: route.method,
                  url: concretePath(route, params),
                  query: search,
                  headers: {
                    ...extra,
                    ...(token ? { authorization: `Bearer ${token}` } : {}),
                    ...(route.method === 'GET' || route.method === 'DELETE'
                      ? {}
                      : { 'content-type': body.type }),
                  },
                  ...(route.method === 'GET' ? {} : { payload: body.payload }),
                };
                requests += 1;
                const response = await test.app.inject(options);
                if (response.statusCode >= 500) {
                  failures.push(
                    `${route.method} ${options.url as string} → ${response.statusCode} ${response.body.slice(0, 200)}`,
                  );
                  return false;
                }
                return true;
              },
            ),
            { numRuns: RUNS, seed: 20261121, endOnFailure: true },
          )
          .catch(() => undefined);
      }
      console.info(`${caller}: ${requests} requests over ${routes.length} routes`);
      expect(failures, `${failures.length} of ${requests} requests answered 5xx`).toEqual([]);
      expect(requests).toBeGreaterThan(routes.length * RUNS * 0.9);
    }, 300_000);
  }
});

/** The pages' actions (React Router, server/plugins/pages.ts), as a form post from anyone could reach them. */
const PAGE_ACTIONS = [
  '/login',
  '/register',
  '/checkout',
  '/contact',
  '/track-order',
  '/forgot-password',
  '/reset-password',
  '/profile',
  '/newsletter',
  '/newsletter/unsubscribe',
  '/notifications',
  '/product/1001',
  '/cart/quote',
  '/admin',
  '/admin/products/new',
  '/login.data',
  '/_root.data',
];
const formFields = fc.dictionary(
  fc.constantFrom(
    'email',
    'password',
    'name',
    'redirectTo',
    'intent',
    'token',
    'orderNumber',
    'message',
    'rating',
  ),
  text,
  { maxKeys: 5 },
);
const pageBody = fc.oneof(
  rawBody,
  formFields.map((fields) => ({
    payload: new URLSearchParams(fields).toString(),
    type: 'application/x-www-form-urlencoded',
  })),
  formFields.map((fields) => ({
    payload:
      Object.entries(fields)
        .map(([name, value]) => `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') + '--x--\r\n',
    type: 'multipart/form-data; boundary=x',
  })),
);

describe('page actions answer malformed bodies without a server error', () => {
  let pages: TestApp;
  beforeAll(async () => {
    pages = await createTestPagesApp({ seed: true });
  }, 180_000);
  afterAll(async () => {
    await pages?.close();
  });

  it('wrong content types, broken and empty multipart, control characters in every field', async () => {
    const failures: string[] = [];
    let requests = 0;
    let address = 0;
    for (const path of PAGE_ACTIONS) {
      await fc
        .assert(
          fc.asyncProperty(pageBody, query, mostlyGoodHost, async (body, search, hostHeader) => {
            requests += 1;
            address += 1;
            const response = await pages.app.inject({
              method: 'POST',
              url: path,
              query: search,
              // Each request from an address of its own: the rate limits are probed elsewhere.
              remoteAddress: `10.77.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
              headers: {
                'content-type': body.type,
                ...(hostHeader === undefined ? {} : { host: hostHeader }),
              },
              payload: body.payload,
            });
            if (response.statusCode >= 500) {
              failures.push(
                `POST ${path} (${body.type}, Host ${hostHeader}) → ${response.statusCode} ${response.body.slice(0, 200)}`,
              );
              return false;
            }
            return true;
          }),
          { numRuns: RUNS, seed: 20261122, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    console.info(`pages: ${requests} requests over ${PAGE_ACTIONS.length} actions`);
    expect(failures, `${failures.length} of ${requests} requests answered 5xx`).toEqual([]);
    expect(requests).toBeGreaterThan(PAGE_ACTIONS.length * RUNS * 0.9);
  }, 300_000);
});
