import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, count, eq, isNull, lt, notLike, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { isStaffRole, type Role } from '../../contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { recoveryCodes, users } from '../../db/schema/accounts';
import { recordAdminAction } from '../audit/audit';
import { AppError } from '../errors';
import { checkSecret, type ClientInfo } from '../rate-limits';
import { getShopSettings, type ShopSettings } from '../settings/shop-settings';
import type { AccountDeps } from './account-deps';
import { hashToken } from './email-verification';
import { hashPassword, verifyPassword } from './passwords';
import { open, seal } from './secret-box';
import { revokeUserSessions, type CurrentUser } from './sessions';

export const WRONG_CODE = 'That code is not right. Check the time on your phone and try again.';
export const TWO_FACTOR_REQUIRED_FOR_STAFF =
  'Turn on two-step sign-in under Profile → Security to use the admin area.';
const PERIOD_S = 30;
const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

type Deps = Pick<AccountDeps, 'db' | 'shopKey'>;
/** What checking a typed secret for a signed-in person needs: its limits (core/rate-limits.ts checkSecret). */
type CheckDeps = Deps & Pick<AccountDeps, 'rateLimiter'>;
type From = Pick<ClientInfo, 'ip'>;
type Who = Pick<CurrentUser, 'id' | 'email' | 'role'> & { sessionId?: string };

function totp(secret: Secret, issuer = 'Rossy', label = 'staff'): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret });
}

/** 'K7M2X 9QPAB', 'k7m2x-9qpab' and 'k7m2x9qpab' are the same recovery code. */
const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

function newRecoveryCode(): string {
  const chars = [...randomBytes(10)].map((byte) => BASE32[byte % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

async function userRow(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return row;
}

function staffOnly(user: Who) {
  if (!isStaffRole(user.role))
    throw new AppError('FORBIDDEN', 'Two-step sign-in is for the shop’s staff accounts.');
}

export interface TwoFactorSetup {
  /** Base32, for typing in when the QR code cannot be scanned. */
  secret: string;
  otpauthUri: string;
  qrSvg: string;
}

/**
 * Starts turning the second factor on: a new secret, sealed into the user's row but not in force
 * until a code from it is entered (enableTwoFactor). Starting again replaces a pending secret.
 */
export async function startTwoFactor(deps: Deps, user: Who): Promise<TwoFactorSetup> {
  staffOnly(user);
  const row = await userRow(deps.db, user.id);
  if (row.twoFactorEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is already on.');
  const secret = new Secret({ size: 20 });
  const { name } = await getShopSettings(deps.db);
  const otpauthUri = totp(secret, name, row.email).toString();
  await deps.db
    .update(users)
    .set({ twoFactorSecret: seal(deps.shopKey, user.id, secret.base32), twoFactorLastStep: null })
    .where(and(eq(users.id, user.id), isNull(users.twoFactorEnabledAt)));
  return { secret: secret.base32, otpauthUri, qrSvg: renderSVG(otpauthUri) };
}

/** The TOTP step a code belongs to (current step ±1), or null. */
function matchingStep(sealed: string | null, shopKey: string, userId: string, code: string, now: Date) {
  if (!sealed || !/^\d{6}$/.test(code)) return null;
  const base32 = open(shopKey, userId, sealed);
  if (!base32) return null;
  const generator = totp(Secret.fromBase32(base32));
  const timestamp = now.getTime();
  // otpauth compares in constant time; the step is what makes a code usable once.
  const delta = generator.validate({ token: code, timestamp, window: 1 });
  return delta === null ? null : generator.counter({ timestamp }) + delta;
}

/**
 * Proves the second factor: a 6-digit code for the current step ±1 that is later than the last one
 * used (claimed with one conditional UPDATE, so a replayed code is refused even racing itself), or
 * an unused recovery code (spent by a conditional update too). True when proved.
 */
export async function verifySecondFactor(
  deps: Deps,
  userId: string,
  rawCode: string,
  now: Date,
): Promise<boolean> {
  const code = rawCode.trim().replace(/\s/g, '');
  if (/^\d{6}$/.test(code)) {
    const row = await userRow(deps.db, userId);
    if (!row.twoFactorEnabledAt) return false;
    const step = matchingStep(row.twoFactorSecret, deps.shopKey, userId, code, now);
    if (step === null) return false;
    const claimed = await deps.db
      .update(users)
      .set({ twoFactorLastStep: step })
      .where(
        and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))),
      )
      .returning({ id: users.id });
    return claimed.length === 1;
  }
  const normal = normalRecoveryCode(code);
  if (!/^[a-z2-7]{10}$/.test(normal)) return false;
  // Each code is kept as a password is (argon2id), so a copy of the database cannot be tried against
  // the 2^50 possible codes; the user's few unused codes are checked in turn, then one is spent by id.
  const digest = hashToken(normal);
  const unused = await deps.db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const candidate of unused) {
    if (!(await recoveryCodeMatches(candidate.codeHash, digest))) continue;
    const spent = await deps.db
      .update(recoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(recoveryCodes.id, candidate.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return spent.length === 1;
  }
  return false;
}

/**
 * A kept recovery code: argon2id of its SHA-256. Codes kept before were the SHA-256 alone; they are
 * hashed again at start-up (hashLegacyRecoveryCodes) and, until then, compared as they were.
 */
const keepRecoveryCode = (digest: string) => hashPassword(digest);

async function recoveryCodeMatches(kept: string, digest: string): Promise<boolean> {
  if (kept.startsWith('$argon2')) return verifyPassword(kept, digest);
  return kept.length === digest.length && timingSafeEqual(Buffer.from(kept), Buffer.from(digest));
}

/**
 * Hashes as passwords are the recovery codes still kept as a bare SHA-256 (made by an earlier version,
 * or restored from its backup): what is hashed is that SHA-256, so no code needs to be known. Run at
 * start-up; a code hashed meanwhile by another process is left as it is.
 */
export async function hashLegacyRecoveryCodes(db: DbOrTx): Promise<number> {
  const legacy = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(notLike(recoveryCodes.codeHash, '$argon2%'));
  for (const row of legacy)
    await db
      .update(recoveryCodes)
      .set({ codeHash: await keepRecoveryCode(row.codeHash) })
      .where(and(eq(recoveryCodes.id, row.id), eq(recoveryCodes.codeHash, row.codeHash)));
  return legacy.length;
}

async function replaceRecoveryCodes(db: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(
    await Promise.all(
      codes.map(async (code) => ({
        userId,
        codeHash: await keepRecoveryCode(hashToken(normalRecoveryCode(code))),
      })),
    ),
  );
  return codes;
}

/**
 * Turns the second factor on with a code from the pending secret. Other sessions end (they were
 * opened with the password alone) and the recovery codes are returned, this once only.
 */
export async function enableTwoFactor(
  deps: CheckDeps,
  user: Who,
  code: string,
  now: Date,
  client: From,
): Promise<{ recoveryCodes: string[] }> {
  staffOnly(user);
  const row = await userRow(deps.db, user.id);
  if (row.twoFactorEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is already on.');
  if (!row.twoFactorSecret)
    throw new AppError('CONFLICT', 'Start again: choose “Turn on” to get a new QR code.');
  let step: number | null = null;
  await checkSecret(deps.rateLimiter, 'second-factor', { subject: user.id, ip: client.ip }, () => {
    step = matchingStep(row.twoFactorSecret, deps.shopKey, user.id, code.trim(), now);
    return step !== null;
  });
  if (step === null) throw new AppError('UNPROCESSABLE', WRONG_CODE, { code: WRONG_CODE });
  return deps.db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(users)
      .set({ twoFactorEnabledAt: now, twoFactorLastStep: step })
      .where(
        and(
          eq(users.id, user.id),
          isNull(users.twoFactorEnabledAt),
          eq(users.twoFactorSecret, row.twoFactorSecret!),
        ),
      )
      .returning({ id: users.id });
    if (!enabled)
      throw new AppError('CONFLICT', 'Two-step sign-in was changed meanwhile. Please start again.');
    const codes = await replaceRecoveryCodes(tx, user.id);
    await revokeUserSessions(tx, user.id, user.sessionId);
    await recordAdminAction(
      tx,
      { id: user.id, email: user.email },
      {
        action: 'two-factor.enable',
        entityType: 'user',
        entityId: user.id,
        summary: `Two-step sign-in turned on by ${user.email}`,
      },
    );
    return { recoveryCodes: codes };
  });
}

async function requireCode(deps: CheckDeps, userId: string, code: string, now: Date, client: From) {
  const right = await checkSecret(deps.rateLimiter, 'second-factor', { subject: userId, ip: client.ip }, () =>
    verifySecondFactor(deps, userId, code, now),
  );
  if (!right) throw new AppError('UNPROCESSABLE', WRONG_CODE, { code: WRONG_CODE });
}

/** Turns the second factor off: the password and a current code (or a recovery code) both needed. */
export async function disableTwoFactor(
  deps: CheckDeps,
  user: Who,
  input: { password: string; code: string },
  now: Date,
  client: From,
): Promise<void> {
  const row = await userRow(deps.db, user.id);
  if (!row.twoFactorEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is not on.');
  const settings = await getShopSettings(deps.db);
  if (secondFactorRequired(row.role, settings.staffTwoFactor))
    throw new AppError('CONFLICT', 'The shop’s owner requires two-step sign-in for staff, so it stays on.');
  const passwordRight = await checkSecret(
    deps.rateLimiter,
    'password',
    { subject: user.id, ip: client.ip },
    () => verifyPassword(row.passwordHash, input.password),
  );
  if (!passwordRight)
    throw new AppError('UNPROCESSABLE', 'Your password is not correct', {
      password: 'Your password is not correct',
    });
  await requireCode(deps, user.id, input.code, now, client);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorEnabledAt: null, twoFactorSecret: null, twoFactorLastStep: null })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    await recordAdminAction(
      tx,
      { id: user.id, email: user.email },
      {
        action: 'two-factor.disable',
        entityType: 'user',
        entityId: user.id,
        summary: `Two-step sign-in turned off by ${user.email}`,
      },
    );
  });
}

/** A new set of recovery codes for a current code; the old set stops working. */
export async function regenerateRecoveryCodes(
  deps: CheckDeps,
  user: Who,
  code: string,
  now: Date,
  client: From,
): Promise<{ recoveryCodes: string[] }> {
  const row = await userRow(deps.db, user.id);
  if (!row.twoFactorEnabledAt) throw new AppError('CONFLICT', 'Two-step sign-in is not on.');
  await requireCode(deps, user.id, code, now, client);
  return deps.db.transaction(async (tx) => ({ recoveryCodes: await replaceRecoveryCodes(tx, user.id) }));
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** The owner requires it of staff. */
  required: boolean;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(deps: Pick<Deps, 'db'>, user: Who): Promise<TwoFactorStatus> {
  const row = await userRow(deps.db, user.id);
  const [settings, [left]] = await Promise.all([
    getShopSettings(deps.db),
    deps.db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, user.id), isNull(recoveryCodes.usedAt))),
  ]);
  return {
    enabled: row.twoFactorEnabledAt !== null,
    required: secondFactorRequired(row.role, settings.staffTwoFactor),
    recoveryCodesLeft: row.twoFactorEnabledAt ? Number(left?.n ?? 0) : 0,
  };
}

/** Whether the owner's rule asks this account for a second factor: staff, when she requires it. */
function secondFactorRequired(role: Role, staffTwoFactor: ShopSettings['staffTwoFactor']): boolean {
  return staffTwoFactor === 'required' && isStaffRole(role);
}

/** Whether the shop's rule keeps this staff member out of the admin area until the second factor is on. */
export function secondFactorMissing(
  user: Pick<CurrentUser, 'role' | 'twoFactorEnabled'>,
  staffTwoFactor: ShopSettings['staffTwoFactor'],
): boolean {
  return secondFactorRequired(user.role, staffTwoFactor) && !user.twoFactorEnabled;
}
