import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, signInSeededAdmin, signUpAccount, stockedOneSizeProduct } from '../fixtures/admin-api';
import { allowManyUnpaidOrders, testOrderBody } from '../fixtures/orders';
import { createTestApp, type TestApp } from '../fixtures/test-app';
import {
  breakValue,
  invalidValues,
  schemaErrors,
  valueArbitrary,
  type Hints,
  type Schema,
} from './openapi-schemas';

/**
 * The OpenAPI document (/api/docs/json) against the handlers, as a schema-driven fuzzer checks it:
 * for every operation, requests drawn from the document's own schemas, valid and invalid, sent as a
 * guest, a customer and the administrator. It fails on a 5xx, on a status the operation does not
 * declare, on an answer whose content type or body breaks what is declared for its status, on a 400
 * to a request the document calls valid, and on a 2xx to one it calls invalid.
 * FUZZ_RUNS sets the valid and the invalid requests per operation and caller (default 4 each),
 * FUZZ_SEED another draw.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

type Caller = 'guest' | 'customer' | 'admin';
type Location = 'path' | 'query' | 'header';

interface Parameter {
  name: string;
  in: Location;
  required?: boolean;
  schema: Schema;
}
interface MediaType {
  schema?: Schema;
}
interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  parameters: Parameter[];
  body: { type: string; schema: Schema; required: boolean } | null;
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content: Record<string, MediaType> };
        responses: Operation['responses'];
      }
    >
  >;
}

/** A request as drawn: typed values, before they are written into an address, headers and a body. */
interface Draft {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
}

let test: TestApp;
let document: OpenApiDocument;
let operations: Operation[];
const tokens: Record<Caller, string | null> = { guest: null, customer: null, admin: null };
/** Values a parameter or property of that name may take to reach past "not found": real ids, numbers, slugs. */
const hints: Hints = {
  state: ['Lagos', 'FCT', 'Rivers'],
  phone: ['0803 555 0000', '+234 803 555 0177'],
  email: ['contract.customer@example.ng', 'shopper@example.ng'],
  shippingMethod: ['standard', 'express'],
  couponCode: ['ROSSY10', 'WELCOME15'],
  code: ['ROSSY10'],
  category: ['womens-bags', 'tote-bags'],
  quantity: [1, 2],
  // A cart line's size and colour are the product's own: one it does not sell is bad input (400, naming
  // it), which no schema can state. Lines name none (the only size, the first colour) or a size sold.
  selectedSize: { only: [null, 'Large'] },
  selectedColor: { only: [null] },
  // The same for a back in stock alert's size and colour (decision 0034).
  size: { only: [null, 'Large'] },
  color: { only: [null] },
};
/** Path values by route, for the same reason. */
const pathHints: Record<string, unknown[]> = {};

/** Serves the one photo an image URL may name: a URL drawn from the schema would send the shop to the internet. */
let imageServer: http.Server;

beforeAll(async () => {
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#8a5a2b' } })
    .png()
    .toBuffer();
  imageServer = http.createServer((request, response) => {
    if (request.url === '/photo.png') response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
  hints.imageUrl = { only: [`${origin}/photo.png`, `${origin}/missing.png`] };
  hints.url = { only: [`${origin}/photo.png`, `${origin}/missing.png`] };

  test = await createTestApp({ seed: true });
  await allowManyUnpaidOrders(test.database.db);
  const admin = await signInSeededAdmin(test);
  const customer = await signUpAccount(test, 'contract.customer@example.ng');
  tokens.admin = admin.token;
  tokens.customer = customer.token;

  const oneSize = await stockedOneSizeProduct(test, 10_000);
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth(customer.token),
    payload: testOrderBody({ id: oneSize }, { email: customer.email }),
  });
  if (placed.statusCode !== 201)
    throw new Error(`placing an order answered ${placed.statusCode}: ${placed.body}`);
  const order = placed.json<{ order: { id: string } }>();
  hints.id = [oneSize, 1001, 1002];
  hints.orderNumber = [order.order.id];
  hints.orderId = [order.order.id];
  Object.assign(pathHints, {
    '/api/products/{id}': ['1001', '1002'],
    '/api/products/{id}/reviews': ['1001', '1003'],
    '/api/categories/{id}': ['womens-bags', 'tote-bags'],
    '/api/categories/{id}/products': ['womens-bags', 'mens-wear'],
    '/api/orders/{id}': [order.order.id],
    '/api/admin/products/{id}': ['1004', '1005'],
    '/api/admin/coupons/{id}': ['1', '2'],
    '/api/admin/orders/{id}/status': [order.order.id],
    '/api/admin/messages/{id}': ['1'],
    '/api/admin/outbox/{id}': ['1', '2'],
    '/api/admin/transactions/{id}/verify': ['1'],
    '/api/notifications/{id}': ['1', '2'],
    '/api/users/{id}/promote': [customer.id],
  });

  const response = await test.app.inject({ method: 'GET', url: '/api/docs/json' });
  document = response.json<OpenApiDocument>();
  operations = readOperations(document);
}, 180_000);
afterAll(async () => {
  await test?.close();
  imageServer?.close();
});

function readOperations(openapi: OpenApiDocument): Operation[] {
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(openapi.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = operation.requestBody?.content ?? {};
      const [type, media] = Object.entries(content)[0] ?? [];
      list.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: operation.parameters ?? [],
        body: type
          ? { type, schema: media?.schema ?? {}, required: operation.requestBody?.required ?? false }
          : null,
        responses: operation.responses,
      });
    }
  }
  // Signing out ends the caller's session: last, so every other operation meets a signed-in caller.
  const last = (operation: Operation) => (operation.path === '/api/logout' ? 1 : 0);
  return list.sort((a, b) => last(a) - last(b));
}

/** A parameter's text read back into the kind of value its schema describes, as OpenAPI's simple style does. */
function parameterValue(schema: Schema, text: string): unknown {
  const type = schema.type ?? schema.anyOf?.find((part) => part.type)?.type;
  if ((type === 'number' || type === 'integer') && text.trim() !== '' && Number.isFinite(Number(text)))
    return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The faults of a drawn request by the document: empty when the document calls it valid. */
function requestErrors(operation: Operation, draft: Draft): string[] {
  const errors: string[] = [];
  for (const parameter of operation.parameters) {
    const source = draft[parameter.in === 'path' ? 'path' : parameter.in === 'query' ? 'query' : 'headers'];
    const raw = source[parameter.name];
    if (raw === undefined) {
      if (parameter.required) errors.push(`${parameter.in} ${parameter.name}: required`);
      continue;
    }
    const text = asText(raw);
    if (parameter.in === 'path' && text === '') errors.push(`path ${parameter.name}: empty`);
    errors.push(
      ...schemaErrors(
        parameter.schema,
        parameterValue(parameter.schema, text),
        `${parameter.in} ${parameter.name}`,
      ),
    );
  }
  if (operation.body) {
    if (draft.body === undefined) {
      if (operation.body.required) errors.push('body: required');
    } else errors.push(...schemaErrors(operation.body.schema, draft.body, 'body'));
  }
  return errors;
}

function draftArbitrary(operation: Operation): fc.Arbitrary<Draft> {
  const part = (location: Location) => {
    const parameters = operation.parameters.filter(
      // The caller's own bearer token stands for `authorization`.
      (parameter) => parameter.in === location && parameter.name !== 'authorization',
    );
    const model = Object.fromEntries(
      parameters.map((parameter) => {
        const fromSchema = valueArbitrary(parameter.schema, hints, parameter.name);
        const known = (location === 'path' ? (pathHints[operation.path] ?? []) : []).filter(
          (value) =>
            schemaErrors(parameter.schema, parameterValue(parameter.schema, String(value))).length === 0,
        );
        return [parameter.name, known.length ? fc.oneof(fromSchema, fc.constantFrom(...known)) : fromSchema];
      }),
    );
    return fc.record(model, {
      requiredKeys: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    });
  };
  const body = operation.body ? valueArbitrary(operation.body.schema, hints) : fc.constant(undefined);
  return fc.record({ path: part('path'), query: part('query'), headers: part('header'), body }).filter(
    (draft) =>
      // A path value that empties the segment or a header value that is not text would be another request.
      Object.values(draft.path).every((value) => asText(value) !== '') &&
      Object.values(draft.headers).every((value) => /^[\x20-\x7e]*$/.test(asText(value))) &&
      requestErrors(operation, draft).length === 0,
  );
}

/** The same request broken at one place: a parameter or the body, by `pick`. Undefined when nothing breaks. */
function breakDraft(operation: Operation, draft: Draft, pick: number): Draft | undefined {
  const options: (() => Draft | undefined)[] = [];
  for (const parameter of operation.parameters) {
    if (parameter.name === 'authorization') continue;
    const key = parameter.in === 'path' ? 'path' : parameter.in === 'query' ? 'query' : 'headers';
    if (parameter.required && parameter.in !== 'path')
      options.push(() => {
        const copy = { ...draft[key] };
        delete copy[parameter.name];
        return { ...draft, [key]: copy };
      });
    for (const value of invalidValues(parameter.schema)) {
      // An address or a header carries text only: objects and arrays have no place there.
      if (typeof value === 'object' && value !== null) continue;
      const text = asText(value);
      if (parameter.in === 'path' && text === '') continue;
      if (parameter.in === 'header' && !/^[\x20-\x7e]*$/.test(text)) continue;
      options.push(() => ({ ...draft, [key]: { ...draft[key], [parameter.name]: value } }));
    }
  }
  if (operation.body) {
    const schema = operation.body.schema;
    if (operation.body.type === 'application/json')
      options.push(() => {
        const broken = breakValue(schema, draft.body, pick >>> 2);
        return broken === undefined ? undefined : { ...draft, body: broken };
      });
  }
  for (let attempt = 0; attempt < options.length; attempt++) {
    const broken = options[(pick + attempt) % options.length]!();
    if (broken && requestErrors(operation, broken).length > 0) return broken;
  }
  return undefined;
}

let address = 0;
function injectOptions(operation: Operation, draft: Draft, caller: Caller): InjectOptions {
  address += 1;
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(asText(draft.path[name])),
  );
  const query = Object.fromEntries(Object.entries(draft.query).map(([name, value]) => [name, asText(value)]));
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(draft.headers).map(([name, value]) => [name, asText(value)]),
  );
  const token = tokens[caller];
  if (token) headers.authorization = `Bearer ${token}`;
  const options: InjectOptions = {
    method: operation.method,
    url,
    query,
    headers,
    // An address of its own for each request: the per-address limits are probed elsewhere.
    remoteAddress: `10.88.${Math.floor(address / 250) % 250}.${(address % 250) + 1}`,
  };
  if (operation.body && draft.body !== undefined) {
    if (operation.body.type === 'multipart/form-data') {
      const fields = (draft.body ?? {}) as Record<string, unknown>;
      options.payload =
        Object.entries(fields)
          .map(([name, value]) => {
            const property = operation.body!.schema.properties?.[name];
            return property?.format === 'binary'
              ? `--x\r\nContent-Disposition: form-data; name="${name}"; filename="upload.png"\r\nContent-Type: image/png\r\n\r\n${asText(value)}\r\n`
              : `--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${asText(value)}\r\n`;
          })
          .join('') + '--x--\r\n';
      headers['content-type'] = 'multipart/form-data; boundary=x';
    } else {
      options.payload = JSON.stringify(draft.body);
      headers['content-type'] = operation.body.type;
    }
  }
  return options;
}

/** What is wrong with an answer by the document: its status, its content type and its body. */
function answerErrors(
  operation: Operation,
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
): string[] {
  const status = String(response.statusCode);
  const declared =
    operation.responses[status] ?? operation.responses[`${status[0]}XX`] ?? operation.responses.default;
  if (response.statusCode >= 500) return [`answered ${status}: ${response.body.slice(0, 200)}`];
  if (!declared)
    return [
      `answered ${status}, which it does not declare (${Object.keys(operation.responses).join(', ')}): ${response.body.slice(0, 160)}`,
    ];
  const content = declared.content ?? {};
  if (Object.keys(content).length === 0)
    return response.body === '' ? [] : [`answered ${status} with a body where none is declared`];
  const type = String(response.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  const media = content[type];
  if (!media)
    return [
      `answered ${status} as ${type || 'no content type'}, declared ${Object.keys(content).join(', ')}`,
    ];
  if (type !== 'application/json' || !media.schema) return [];
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [`answered ${status} with JSON that does not parse: ${response.body.slice(0, 120)}`];
  }
  return schemaErrors(media.schema, body, 'answer')
    .slice(0, 3)
    .map((error) => `answered ${status} with a body that breaks its schema: ${error}`);
}

describe('the OpenAPI document says what the handlers do', () => {
  it('documents every operation with its answers', () => {
    expect(operations.length).toBeGreaterThan(60);
    for (const operation of operations)
      expect(
        Object.keys(operation.responses).length,
        `${operation.method} ${operation.path}`,
      ).toBeGreaterThan(1);
  });

  for (const caller of ['guest', 'customer', 'admin'] as const) {
    it(`as ${caller}: valid and invalid requests drawn from the document`, async () => {
      const failures: string[] = [];
      const counts = { valid: 0, validAnswered2xx: 0, invalid: 0, validAnswered400: 0, invalidAccepted: 0 };
      for (const operation of operations) {
        const name = `${operation.method} ${operation.path}`;
        const drafts = draftArbitrary(operation);
        await fc.assert(
          fc.asyncProperty(drafts, fc.nat(), async (draft, pick) => {
            const valid = await test.app.inject(injectOptions(operation, draft, caller));
            counts.valid += 1;
            if (valid.statusCode < 300) counts.validAnswered2xx += 1;
            const problems = answerErrors(operation, valid);
            if (valid.statusCode === 400) {
              counts.validAnswered400 += 1;
              problems.push(
                `answered 400 to a request the document calls valid: ${valid.body.slice(0, 200)}`,
              );
            }
            for (const problem of problems)
              failures.push(`${name} (valid ${JSON.stringify(draft).slice(0, 300)}) ${problem}`);

            const broken = breakDraft(operation, draft, pick);
            if (!broken) return;
            const invalid = await test.app.inject(injectOptions(operation, broken, caller));
            counts.invalid += 1;
            const faults = answerErrors(operation, invalid);
            if (invalid.statusCode < 400) {
              counts.invalidAccepted += 1;
              faults.push(
                `answered ${invalid.statusCode} to a request the document calls invalid (${requestErrors(operation, broken).join('; ')})`,
              );
            }
            for (const fault of faults)
              failures.push(`${name} (invalid ${JSON.stringify(broken).slice(0, 300)}) ${fault}`);
          }),
          { numRuns: RUNS, seed: SEED },
        );
      }
      console.info(`${caller}: ${JSON.stringify(counts)} over ${operations.length} operations`);
      expect(failures, `${failures.length} faults:\n${failures.join('\n')}`).toEqual([]);
      expect(counts.validAnswered400).toBe(0);
      expect(counts.valid).toBeGreaterThanOrEqual(operations.length * RUNS * 0.9);
    }, 600_000);
  }
});
