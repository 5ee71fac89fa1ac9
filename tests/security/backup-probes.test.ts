/**
 * Probes of issue 24, finding 1: a backup must not give away the shop. Whoever reads an archive (a
 * copy left world-readable on the server, a bucket, a stolen disk) must not be able to sign in as
 * anyone, open an order, follow a reset link or use a key of the running shop; and whoever can
 * write to the archives must not be able to have an edited one restored (an account made admin).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type TOTP, URI } from 'otpauth';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../core/accounts/session-tokens';
import { grantStaffRole, peekInvitation } from '../../core/accounts/staff';
import { outbox } from '../../db/schema/mail';
import { sandboxSecretKey } from '../../core/payments/sandbox';
import { unsubscribeToken } from '../../core/newsletter/unsubscribe';
import { buildApp } from '../../server/app';
import { backupShop, restoreShop } from '../../server/operations/backup';
import {
  linkTokenFromOutbox,
  signInSeededAdmin,
  signUpAccount,
  stockedOneSizeProduct,
  TEST_PASSWORD,
} from '../fixtures/admin-api';
import { testOrderBody } from '../fixtures/orders';
import { testConfig } from '../fixtures/test-config';
import { createTestDatabase, type TestDatabase } from '../fixtures/test-database';

/** The key the owner keeps apart from the archives. */
const BACKUP_KEY = 'probe-backup-key-0123456789-abcdefghijklmnop';

let work: string;
let database: TestDatabase;
let shop: FastifyInstance;
let restored: TestDatabase;
let restoredShop: FastifyInstance | undefined;
let edited: TestDatabase;
let archive: string;
let admin: { token: string; id: string };
let customer: { id: string; email: string };
let order: { id: string; key: string };
let recoveryCode: string;
/** Every live secret the shop held when the archive was made, by name. */
const secrets: Record<string, string> = {};

const dirs = () => ({
  backups: path.join(work, 'backups'),
  dataA: path.join(work, 'data-a'),
  uploadsA: path.join(work, 'uploads-a'),
  dataB: path.join(work, 'data-b'),
  uploadsB: path.join(work, 'uploads-b'),
});

const rows = async (db: TestDatabase, query: string) =>
  ((await db.db.execute(sql.raw(query))) as { rows: Record<string, unknown>[] }).rows;

/**
 * The archive's tar, as an attacker would read it: the first gzip stream in the file, wherever it
 * starts and whatever follows it. Also where that stream starts and ends, to splice an edited one in.
 */
function gzipPayload(file: string): { tar: Buffer; start: number; end: number } {
  const bytes = fs.readFileSync(file);
  for (let start = bytes.indexOf(Buffer.from([0x1f, 0x8b, 0x08])); start >= 0;) {
    try {
      expect(bytes[start + 3], 'a gzip header without optional fields').toBe(0);
      const inflated = zlib.inflateRawSync(bytes.subarray(start + 10), { info: true }) as unknown as {
        buffer: Buffer;
        engine: { bytesWritten: number };
      };
      return { tar: inflated.buffer, start, end: start + 10 + inflated.engine.bytesWritten + 8 };
    } catch {
      start = bytes.indexOf(Buffer.from([0x1f, 0x8b, 0x08]), start + 1);
    }
  }
  throw new Error(`${file} holds no readable gzip stream`);
}

/** The archive's files, unpacked as an attacker would. */
async function unpack(file: string): Promise<string> {
  const into = fs.mkdtempSync(path.join(work, 'unpacked-'));
  const tarFile = path.join(into, '..', `${path.basename(into)}.tar`);
  fs.writeFileSync(tarFile, gzipPayload(file).tar);
  await tar.extract({ file: tarFile, cwd: into });
  return into;
}

const profile = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } });

async function openShop(db: TestDatabase, dataDir: string, uploadDir: string): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, UPLOAD_DIR: uploadDir }),
    database: db,
    logger: false,
  });
  await app.ready();
  return app;
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-backup-probes-'));
  const { backups, dataA, uploadsA } = dirs();
  database = await createTestDatabase({ seed: true });
  shop = await openShop(database, dataA, uploadsA);
  const test = { app: shop, database, close: async () => {} };

  // The shop at work: an administrator and a customer signed in, a guest order, a reset link and a
  // sign-up link waiting in the outbox, the sandbox's and the newsletter's keys made.
  admin = await signInSeededAdmin(test);
  customer = await signUpAccount(test, 'chioma.backup@example.ng', 'Chioma Eze');
  const productId = await stockedOneSizeProduct(test, 20);
  const placed = await shop.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': 'backup-probe-guest-order' },
    payload: testOrderBody({ id: productId }, { email: 'guest.backup@example.ng' }),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const body = placed.json<{ order: { id: string }; accessToken: string }>();
  order = { id: body.order.id, key: body.accessToken };
  expect((await shop.inject({ url: `/api/orders/${order.id}?key=${order.key}` })).statusCode).toBe(200);

  const forgot = await shop.inject({
    method: 'POST',
    url: '/api/password/forgot',
    payload: { email: customer.email },
  });
  expect(forgot.statusCode, forgot.body).toBeLessThan(300);
  const pending = await shop.inject({
    method: 'POST',
    url: '/api/signup',
    payload: { name: 'Pending Person', email: 'pending.backup@example.ng', password: TEST_PASSWORD },
  });
  expect(pending.statusCode, pending.body).toBe(202);

  // The owner's second factor on, and a sign-in of hers waiting for its code.
  const bearer = { authorization: `Bearer ${admin.token}` };
  const started = await shop.inject({
    method: 'POST',
    url: '/api/profile/two-factor/setup',
    headers: bearer,
  });
  expect(started.statusCode, started.body).toBe(200);
  const { otpauthUri } = started.json<{ otpauthUri: string }>();
  const enabled = await shop.inject({
    method: 'POST',
    url: '/api/profile/two-factor/enable',
    headers: bearer,
    payload: { code: (URI.parse(otpauthUri) as TOTP).generate() },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  recoveryCode = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes[0]!;
  secrets['the second factor secret'] = (URI.parse(otpauthUri) as TOTP).secret.base32;
  const waiting = await shop.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: 'admin@rossy.ng', password: TEST_PASSWORD },
  });
  expect(waiting.statusCode, waiting.body).toBe(202);
  secrets['a sign-in waiting for its code'] = waiting.json<{ challenge: string }>().challenge;
  secrets['the shop key'] = fs.readFileSync(path.join(dataA, 'shop-key'), 'utf8').trim();
  const [challenge] = await rows(database, 'SELECT token_hash FROM sign_in_challenges');
  secrets['the hash of a sign-in waiting for its code'] = String(challenge?.token_hash);

  // An invitation to join the staff, waiting to be followed.
  const invited = await grantStaffRole(
    shop.services.accounts,
    { id: admin.id, email: 'admin@rossy.ng', name: 'Rossy Admin', role: 'owner' },
    { email: 'invited.backup@example.ng', role: 'dispatch' },
  );
  expect(invited.status).toBe('invited');
  const [invitation] = await rows(database, 'SELECT token_hash FROM staff_invitations');
  secrets['the hash of a staff invitation'] = String(invitation?.token_hash);
  const [inviteMail] = await database.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(sql`${outbox.to} = 'invited.backup@example.ng'`);
  secrets['the staff invitation link token'] =
    /staff-invite\?token=([A-Za-z0-9_-]+)/.exec(inviteMail?.text ?? '')?.[1] ?? '';

  secrets['the session signing key'] = fs.readFileSync(path.join(dataA, 'session-secret'), 'utf8').trim();
  for (const [index, row] of (await rows(database, 'SELECT id::text AS id FROM sessions')).entries())
    secrets[`session ${index + 1}`] = String(row.id);
  expect(Object.keys(secrets).length, 'the admin and the customer are signed in').toBeGreaterThanOrEqual(3);
  secrets['the guest order key'] = order.key;
  secrets['the reset link token'] = await linkTokenFromOutbox(test, customer.email, 'reset-password');
  secrets['the sign-up link token'] = await linkTokenFromOutbox(
    test,
    'pending.backup@example.ng',
    'verify-email',
  );
  secrets['the sandbox secret key'] = await sandboxSecretKey(database.db);
  await unsubscribeToken(database.db, customer.email);
  const [newsletter] = await rows(
    database,
    `SELECT value->>'unsubscribeKey' AS key FROM settings WHERE key = 'newsletter'`,
  );
  secrets['the newsletter unsubscribe key'] = String(newsletter?.key);

  // A backup folder that was left readable by everyone, as `mkdir backups` makes it.
  fs.mkdirSync(backups, { mode: 0o755 });
  fs.chmodSync(backups, 0o755);
  archive = path.join(backups, 'shop.backup');
  await backupShop({ database, uploadDir: uploadsA, dataDir: dataA }, archive, {
    key: BACKUP_KEY,
    ownFolder: true,
  });

  restored = await createTestDatabase({ seed: false });
  edited = await createTestDatabase({ seed: false });
}, 180_000);

afterAll(async () => {
  await restoredShop?.close();
  await shop?.close();
  await database?.destroy();
  await restored?.destroy();
  await edited?.destroy();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('who can read an archive', () => {
  it('only its owner: the file is 0600 in a 0700 folder, whatever the folder was before', () => {
    expect((fs.statSync(archive).mode & 0o777).toString(8)).toBe('600');
    expect((fs.statSync(dirs().backups).mode & 0o777).toString(8)).toBe('700');
  });
});

describe('what an archive gives away', () => {
  it('holds no session, no signing key, no order key, no link token and no key of the shop', async () => {
    const text = gzipPayload(archive).tar.toString('utf8');
    expect(text, 'the archive holds the orders themselves').toContain('guest.backup@example.ng');
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThanOrEqual(20);
      expect(text.includes(secret), `${name} is in the archive`).toBe(false);
    }
    const files = await unpack(archive);
    expect(fs.existsSync(path.join(files, 'session-secret')), 'a signing key file').toBe(false);
    expect(fs.existsSync(path.join(files, 'shop-key')), 'the key sealing second factors').toBe(false);
    const challenges = path.join(files, 'database', 'sign_in_challenges.jsonl');
    expect(fs.existsSync(challenges) ? fs.readFileSync(challenges, 'utf8') : '', 'sign-ins waiting').toBe('');
    const sessions = path.join(files, 'database', 'sessions.jsonl');
    expect(fs.existsSync(sessions) ? fs.readFileSync(sessions, 'utf8') : '', 'session rows').toBe('');
  });

  it('lets nobody sign in to the restored shop with a session of the old one, or one forged from the archive', async () => {
    const { dataB, uploadsB } = dirs();
    await restoreShop({ database: restored, uploadDir: uploadsB, dataDir: dataB }, archive, {
      key: BACKUP_KEY,
    });
    restoredShop = await openShop(restored, dataB, uploadsB);

    // Anything in the archive that could sign a token, with every session id it holds.
    const files = await unpack(archive);
    const keys = [path.join(files, 'session-secret')]
      .filter((file) => fs.existsSync(file))
      .map((file) => fs.readFileSync(file, 'utf8').trim());
    const sessionFile = path.join(files, 'database', 'sessions.jsonl');
    const sessions = (fs.existsSync(sessionFile) ? fs.readFileSync(sessionFile, 'utf8') : '')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: string; user_id: string; expires_at: string });
    // And the old shop's own key, as if it had leaked some other way, with the admin's session.
    const [adminSession] = await rows(
      database,
      `SELECT id::text AS id FROM sessions WHERE user_id = '${admin.id}' ORDER BY created_at DESC LIMIT 1`,
    );
    keys.push(secrets['the session signing key']!);
    sessions.push({
      id: String(adminSession?.id),
      user_id: admin.id,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });

    let tried = 0;
    for (const key of keys) {
      for (const session of sessions) {
        const forged = await createTokenSigner(key).sign({
          userId: session.user_id,
          sessionId: session.id,
          expiresAt: new Date(Date.now() + 86_400_000),
        });
        const answer = await profile(restoredShop, forged);
        expect(answer.statusCode, `a token forged for session ${session.id}`).toBe(401);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(0);
    // The administrator's session of the old shop, as the browser still holds it.
    expect((await profile(shop, admin.token)).statusCode).toBe(200);
    expect((await profile(restoredShop, admin.token)).statusCode).toBe(401);
    const admins = await restoredShop.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(admins.statusCode).toBe(401);
  });

  it('restores a working shop: products, orders and accounts whose passwords still sign in', async () => {
    expect(restoredShop, 'restored by the test before').toBeDefined();
    for (const table of ['products', 'orders', 'order_lines', 'users', 'categories']) {
      const [before] = await rows(database, `SELECT count(*)::int AS n FROM ${table}`);
      const [after] = await rows(restored, `SELECT count(*)::int AS n FROM ${table}`);
      expect(after?.n, table).toBe(before?.n);
    }
    const signIn = await restoredShop!.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: customer.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = signIn.json<{ token: string }>().token;
    // The restored shop has a key of its own, so the owner's sealed secret does not open there: a
    // recovery code (only its hash was kept) still lets her in, to turn the second factor on again.
    const waiting = await restoredShop!.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@rossy.ng', password: TEST_PASSWORD },
    });
    expect(waiting.statusCode, waiting.body).toBe(202);
    const second = await restoredShop!.inject({
      method: 'POST',
      url: '/api/login/two-factor',
      payload: { challenge: waiting.json<{ challenge: string }>().challenge, code: recoveryCode },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await profile(restoredShop!, token)).statusCode).toBe(200);
    // A new session is signed with a new key: the old shop does not know it.
    expect((await profile(shop, token)).statusCode).toBe(401);
  });

  it('keeps who was invited to the staff, but the link e-mailed before the backup opens nothing', async () => {
    const kept = await rows(restored, 'SELECT email, role, token_hash FROM staff_invitations');
    expect(kept).toEqual([expect.objectContaining({ email: 'invited.backup@example.ng', role: 'dispatch' })]);
    await expect(
      peekInvitation(
        { db: restored.db, rateLimiter: { hit: async () => {}, check: async () => {} } },
        secrets['the staff invitation link token'],
        { ip: '10.0.0.1' },
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('an archive changed after it was made', () => {
  /** The archive with its database edited as an attacker would: the customer becomes an administrator. */
  function promoteCustomer(file: string): Buffer {
    const bytes = fs.readFileSync(file);
    const { tar: plain, start, end } = gzipPayload(file);
    const text = plain.toString('latin1');
    const line = text.split('\n').find((entry) => entry.includes(`"id":"${customer.id}"`));
    expect(line, 'the customer row').toBeDefined();
    // Same length, so the tar's headers stay right: JSON allows the spaces.
    const promoted = line!.replace('"role":"customer"', '"role":"admin"   ');
    expect(promoted).not.toBe(line);
    const tarred = Buffer.from(text.replace(line!, promoted), 'latin1');
    return Buffer.concat([bytes.subarray(0, start), zlib.gzipSync(tarred), bytes.subarray(end)]);
  }

  const customerRole = async () =>
    (await rows(edited, `SELECT role FROM users WHERE id = '${customer.id}'`))[0]?.role;

  it('is refused by the restore when its contents were edited (an account made admin)', async () => {
    const tampered = path.join(work, 'backups', 'tampered.backup');
    fs.writeFileSync(tampered, promoteCustomer(archive));
    const { dataB, uploadsB } = dirs();
    await expect(
      restoreShop({ database: edited, uploadDir: uploadsB, dataDir: `${dataB}-edited` }, tampered, {
        key: BACKUP_KEY,
      }),
    ).rejects.toThrow(/changed|signature|key/i);
    expect(await customerRole()).not.toBe('admin');
  });

  it('is refused when its signature was stripped (a bare tar.gz with the edit)', async () => {
    const bare = path.join(work, 'backups', 'bare.tar.gz');
    const { tar: plain } = gzipPayload(archive);
    const text = plain.toString('latin1');
    const line = text.split('\n').find((entry) => entry.includes(`"id":"${customer.id}"`))!;
    fs.writeFileSync(
      bare,
      zlib.gzipSync(
        Buffer.from(text.replace(line, line.replace('"role":"customer"', '"role":"admin"   ')), 'latin1'),
      ),
    );
    const { dataB, uploadsB } = dirs();
    await expect(
      restoreShop({ database: edited, uploadDir: uploadsB, dataDir: `${dataB}-bare` }, bare, {
        key: BACKUP_KEY,
      }),
    ).rejects.toThrow(/signed|signature|unverified/i);
    expect(await customerRole()).not.toBe('admin');
  });
});
