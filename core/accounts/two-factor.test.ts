import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, signInChallenges, users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/admin';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import type { RateLimiter, RateLimitRule } from '../rate-limits';
import { hashToken } from './email-verification';
import { hashPassword } from './passwords';
import { open, seal } from './secret-box';
import { createTokenSigner } from './session-tokens';
import { CHALLENGE_EXPIRED, completeTwoFactorSignIn, signIn } from './sign-in';
import {
  disableTwoFactor,
  enableTwoFactor,
  hashLegacyRecoveryCodes,
  regenerateRecoveryCodes,
  startTwoFactor,
  verifySecondFactor,
  WRONG_CODE,
} from './two-factor';

const SHOP_KEY = 'a-shop-key-for-tests-only-0123456789abcdef';
const PASSWORD = 'Manager-Pass-2026';
const T0 = new Date('2026-11-26T10:00:10Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const client = { ip: '10.0.0.1', userAgent: 'vitest' };

let database: TestDatabase;
let counter = 0;
const counts = new Map<string, number>();
const rateLimiter: RateLimiter = {
  async hit(rule: RateLimitRule, key: string) {
    counts.set(`${rule.name}:${key}`, (counts.get(`${rule.name}:${key}`) ?? 0) + 1);
  },
  async check(rule: RateLimitRule, key: string) {
    if ((counts.get(`${rule.name}:${key}`) ?? 0) >= rule.limit)
      throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.');
  },
};
const HERE = { ip: '10.0.0.1' };
const deps = () => ({
  db: database.db,
  shopKey: SHOP_KEY,
  tokens: createTokenSigner('a-session-secret-for-tests-0123456789'),
  rateLimiter,
  mailer: { send: async () => {} } as never,
  publicUrl: 'http://localhost',
});

const codeAt = (secret: string, when: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: when.getTime(),
  });

async function addUser(role: 'manager' | 'customer' = 'manager') {
  counter += 1;
  const [row] = await database.db
    .insert(users)
    .values({
      name: `Staff ${counter}`,
      email: `staff${counter}@example.ng`,
      passwordHash: await hashPassword(PASSWORD),
      role,
      emailVerifiedAt: new Date(),
    })
    .returning();
  return { id: row!.id, email: row!.email, role: row!.role, sessionId: undefined };
}

/** A staff member with the second factor on at T0; its secret and recovery codes. */
async function withSecondFactor() {
  const user = await addUser();
  const { secret } = await startTwoFactor(deps(), user);
  const { recoveryCodes: codes } = await enableTwoFactor(deps(), user, codeAt(secret, T0), T0, HERE);
  return { user, secret, codes };
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

describe('the sealed secret', () => {
  it('is not readable in the row, and opens only with the shop key on its own user', async () => {
    const user = await addUser();
    const { secret, otpauthUri, qrSvg } = await startTwoFactor(deps(), user);
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrSvg).toContain('<svg');
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorSecret).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row!.twoFactorSecret).not.toContain(secret);
    expect(row!.twoFactorEnabledAt).toBeNull();
    expect(open(SHOP_KEY, user.id, row!.twoFactorSecret!)).toBe(secret);
    expect(open('another-shop-key-0123456789abcdefghijkl', user.id, row!.twoFactorSecret!)).toBeNull();
    const other = await addUser();
    expect(open(SHOP_KEY, other.id, row!.twoFactorSecret!)).toBeNull();
    expect(seal(SHOP_KEY, user.id, secret)).not.toBe(seal(SHOP_KEY, user.id, secret));
  });

  it('is refused to a customer, and a second start while it is on', async () => {
    const customer = await addUser('customer');
    await expect(startTwoFactor(deps(), customer)).rejects.toMatchObject({ status: 403 });
    const { user } = await withSecondFactor();
    await expect(startTwoFactor(deps(), user)).rejects.toMatchObject({ status: 409 });
  });
});

describe('turning it on', () => {
  it('needs a code from the pending secret, returns 10 recovery codes once and logs it', async () => {
    const user = await addUser();
    const { secret } = await startTwoFactor(deps(), user);
    await expect(enableTwoFactor(deps(), user, '000000', T0, HERE)).rejects.toMatchObject({
      status: 422,
      message: WRONG_CODE,
    });
    const { recoveryCodes: codes } = await enableTwoFactor(deps(), user, codeAt(secret, T0), T0, HERE);
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored.map((row) => row.codeHash)).not.toContain(codes[0]);
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(entries.map((entry) => entry.action)).toContain('two-factor.enable');
  });
});

describe('verifying a code', () => {
  it('takes a code one step early or late, not two, and never the same step twice', async () => {
    const { user, secret } = await withSecondFactor();
    // T0's step was spent turning it on: the same code again is a replay.
    expect(await verifySecondFactor(deps(), user.id, codeAt(secret, T0), at(5))).toBe(false);
    expect(await verifySecondFactor(deps(), user.id, codeAt(secret, at(90)), at(30))).toBe(false);
    expect(await verifySecondFactor(deps(), user.id, codeAt(secret, at(60)), at(30))).toBe(true);
    expect(await verifySecondFactor(deps(), user.id, codeAt(secret, at(60)), at(90))).toBe(false);
    expect(await verifySecondFactor(deps(), user.id, codeAt(secret, at(90)), at(120))).toBe(true);
  });

  it('lets a code racing itself through once', async () => {
    const { user, secret } = await withSecondFactor();
    const code = codeAt(secret, at(60));
    const answers = await Promise.all([
      verifySecondFactor(deps(), user.id, code, at(60)),
      verifySecondFactor(deps(), user.id, code, at(60)),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
  });

  it('takes a recovery code once, in any case and grouping', async () => {
    const { user, codes } = await withSecondFactor();
    const typed = codes[3]!.toUpperCase().replace('-', ' ');
    expect(await verifySecondFactor(deps(), user.id, typed, at(60))).toBe(true);
    expect(await verifySecondFactor(deps(), user.id, codes[3]!, at(90))).toBe(false);
  });

  it('new recovery codes end the old ones', async () => {
    const { user, secret, codes } = await withSecondFactor();
    const { recoveryCodes: fresh } = await regenerateRecoveryCodes(
      deps(),
      user,
      codeAt(secret, at(60)),
      at(60),
      HERE,
    );
    expect(await verifySecondFactor(deps(), user.id, codes[0]!, at(90))).toBe(false);
    expect(await verifySecondFactor(deps(), user.id, fresh[0]!, at(90))).toBe(true);
  });
});

describe('the kept recovery codes', () => {
  it('are hashed as passwords are, and codes kept as a bare SHA-256 by an earlier version are hashed again at start-up', async () => {
    const { user, codes } = await withSecondFactor();
    const kept = await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(kept).toHaveLength(10);
    expect(kept.every((row) => row.codeHash.startsWith('$argon2id$'))).toBe(true);
    const bare = (code: string) => hashToken(code.toLowerCase().replace(/[\s-]/g, ''));
    expect(kept.map((row) => row.codeHash)).not.toContain(bare(codes[0]!));

    // As an earlier version kept them: the SHA-256 alone.
    await database.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await database.db
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId: user.id, codeHash: bare(code) })));
    expect(await verifySecondFactor(deps(), user.id, codes[0]!, at(30))).toBe(true);
    expect(await hashLegacyRecoveryCodes(database.db)).toBeGreaterThanOrEqual(9);
    const after = await database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(after.every((row) => row.codeHash.startsWith('$argon2id$'))).toBe(true);
    expect(await hashLegacyRecoveryCodes(database.db)).toBe(0);
    expect(await verifySecondFactor(deps(), user.id, codes[1]!, at(30))).toBe(true);
    expect(await verifySecondFactor(deps(), user.id, codes[1]!, at(30))).toBe(false);
    expect(await verifySecondFactor(deps(), user.id, codes[0]!, at(30))).toBe(false);
  });
});

describe('signing in with the second factor', () => {
  it('gives no session for the password alone, then one for the code', async () => {
    const { user, secret } = await withSecondFactor();
    const first = await signIn(deps(), { email: user.email, password: PASSWORD }, client, at(60));
    expect(first).toMatchObject({ twoFactorRequired: true });
    if (!('challenge' in first)) throw new Error('expected a challenge');
    const done = await completeTwoFactorSignIn(
      deps(),
      { challenge: first.challenge, code: codeAt(secret, at(60)) },
      client,
      at(60),
    );
    expect(done.user.id).toBe(user.id);
    expect(done.session.token).toBeTruthy();
    // The challenge is spent.
    await expect(
      completeTwoFactorSignIn(
        deps(),
        { challenge: first.challenge, code: codeAt(secret, at(90)) },
        client,
        at(90),
      ),
    ).rejects.toMatchObject({ status: 401, message: CHALLENGE_EXPIRED });
    // A new sign-in clears the spent challenge: the table keeps only what can still be answered.
    await signIn(deps(), { email: user.email, password: PASSWORD }, client, at(120));
    const left = await database.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.userId, user.id));
    expect(left).toHaveLength(1);
    expect(left[0]!.usedAt).toBeNull();
  });

  it('ends the challenge after five wrong codes, and after five minutes', async () => {
    const { user, secret } = await withSecondFactor();
    const first = await signIn(deps(), { email: user.email, password: PASSWORD }, client, at(60));
    if (!('challenge' in first)) throw new Error('expected a challenge');
    for (let i = 0; i < 5; i += 1)
      await expect(
        completeTwoFactorSignIn(deps(), { challenge: first.challenge, code: '000000' }, client, at(60)),
      ).rejects.toMatchObject({ status: 401, message: WRONG_CODE });
    await expect(
      completeTwoFactorSignIn(
        deps(),
        { challenge: first.challenge, code: codeAt(secret, at(60)) },
        client,
        at(60),
      ),
    ).rejects.toMatchObject({ status: 401, message: CHALLENGE_EXPIRED });

    const second = await signIn(deps(), { email: user.email, password: PASSWORD }, client, at(60));
    if (!('challenge' in second)) throw new Error('expected a challenge');
    const late = at(60 + 5 * 60 + 1);
    await expect(
      completeTwoFactorSignIn(
        deps(),
        { challenge: second.challenge, code: codeAt(secret, late) },
        client,
        late,
      ),
    ).rejects.toMatchObject({ status: 401, message: CHALLENGE_EXPIRED });
    const [row] = await database.db
      .select()
      .from(signInChallenges)
      .where(eq(signInChallenges.userId, user.id))
      .limit(1);
    expect(row!.tokenHash).not.toBe(first.challenge);
  });

  it('stops an account after too many wrong codes across challenges (429)', async () => {
    const { user } = await withSecondFactor();
    let limited = false;
    for (let i = 0; i < 4 && !limited; i += 1) {
      const started = await signIn(deps(), { email: user.email, password: PASSWORD }, client, at(60));
      if (!('challenge' in started)) throw new Error('expected a challenge');
      for (let j = 0; j < 5; j += 1) {
        const error = await completeTwoFactorSignIn(
          deps(),
          { challenge: started.challenge, code: '000000' },
          { ip: `10.1.${i}.${j}` },
          at(60),
        ).catch((caught: AppError) => caught);
        if ((error as AppError).status === 429) limited = true;
      }
    }
    expect(limited).toBe(true);
  });
});

describe('turning it off', () => {
  it('needs the password and a code', async () => {
    const { user, secret } = await withSecondFactor();
    await expect(
      disableTwoFactor(
        deps(),
        user,
        { password: 'wrong-password', code: codeAt(secret, at(60)) },
        at(60),
        HERE,
      ),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      disableTwoFactor(deps(), user, { password: PASSWORD, code: '000000' }, at(60), HERE),
    ).rejects.toMatchObject({ status: 422, message: WRONG_CODE });
    await disableTwoFactor(deps(), user, { password: PASSWORD, code: codeAt(secret, at(60)) }, at(60), HERE);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ twoFactorEnabledAt: null, twoFactorSecret: null });
    const first = await signIn(deps(), { email: user.email, password: PASSWORD }, client, at(90));
    expect('session' in first).toBe(true);
  });
});
