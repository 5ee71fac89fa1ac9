import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  emailField,
  isStaffRole,
  roleLabels,
  staffRoles,
  type PublicUser,
  type Role,
  type StaffRole,
} from '../../contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { recoveryCodes, staffInvitations, users } from '../../db/schema/accounts';
import { signIns } from '../../db/schema/admin';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import type { MailMessage } from '../mail/mailer';
import { roleWithArticle, staffInvitationMail, staffRoleMail } from '../mail/staff-mails';
import { accountRateLimits, checkSecret, type ClientInfo } from '../rate-limits';
import { getShopSettings } from '../settings/shop-settings';
import { isUuid, parseInput } from '../validation';
import type { AccountDeps } from './account-deps';
import { hashToken, retireVerificationLinks } from './email-verification';
import { newPasswordRefusal } from './password-policy';
import { hashPassword } from './passwords';
import { requirePermission } from './permissions';
import { revokeUserSessions, sessionFromLink, type IssuedSession } from './sessions';
import { ACCOUNT_INACTIVE } from './sign-in';
import { toPublicUser } from './user-view';

/** An invitation link works once, for two days: long enough for a weekend, short enough to go stale. */
export const INVITATION_TTL_MS = 48 * 60 * 60 * 1000;

export const staffMessages = {
  badRole: 'Choose a staff role: Owner, Manager, Dispatch or Support.',
  ownersOnly: 'Only an owner makes or removes owners.',
  lastOwner: 'The shop needs at least one owner.',
  notStaff: 'This person is not on the staff.',
  invitationGone: 'This invitation has already been accepted or withdrawn.',
  invitationInvalid: 'This invitation link is invalid or has expired.',
  nameRequired: 'Name is required',
} as const;

/** What staff management needs from the host (context.services.accounts has it all). */
export type StaffDeps = Pick<AccountDeps, 'db' | 'mailer' | 'publicUrl' | 'onMailError'>;

/** A staff member as the owner's list shows them. */
export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  lastSignInAt: string | null;
  twoFactorEnabled: boolean;
}

/** An invitation still waiting to be followed. */
export interface PendingInvitation {
  id: string;
  email: string;
  role: StaffRole;
  /** Who sent it, by e-mail address. */
  invitedBy: string;
  expiresAt: string;
}

export type GrantResult =
  | { status: 'granted'; user: PublicUser; changed: boolean }
  | { status: 'invited'; invitation: PendingInvitation };

export const grantStaffRoleSchema = z.object({
  email: emailField('Email is required'),
  /** Checked by staffRoleOf, so a made-up role and 'customer' get the same words. */
  role: z.string(staffMessages.badRole).max(40, staffMessages.badRole),
});

export const acceptInvitationSchema = z.object({
  token: z.string(staffMessages.invitationInvalid).trim().min(1, staffMessages.invitationInvalid).max(200),
  name: z.string().trim().max(100, 'Name must be at most 100 characters').default(''),
  password: z.string().max(1024).default(''),
  confirmPassword: z.string().max(1024).optional(),
});

/** A role from the outside: a staff role, else 400 (a customer is not given by this door, nor is a made-up role). */
function staffRoleOf(raw: unknown): StaffRole {
  if (typeof raw !== 'string' || !isStaffRole(raw.trim()))
    throw new AppError('BAD_REQUEST', staffMessages.badRole, { role: staffMessages.badRole });
  return raw.trim() as StaffRole;
}

/** Only a role holding staff.manage changes staff, and only an owner touches the owner role (either side). */
function requireStaffManager(actor: AuditActor, ...rolesTouched: Role[]): void {
  requirePermission(actor.role, 'staff.manage');
  if (rolesTouched.includes('owner') && actor.role !== 'owner')
    throw new AppError('FORBIDDEN', staffMessages.ownersOnly);
}

/**
 * Locks every active owner's row, in one order, before anything else in a staff change: two owners
 * demoting each other at once then run one after the other, and the second sees one owner left.
 */
async function lockActiveOwners(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'owner'), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

async function lockStaffMember(tx: DbOrTx, userId: unknown) {
  if (!isUuid(userId)) throw new AppError('NOT_FOUND', staffMessages.notStaff);
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!row || !isStaffRole(row.role)) throw new AppError('NOT_FOUND', staffMessages.notStaff);
  return row;
}

/** Moves a locked account to `next`, keeping an active owner; records it. The caller holds the owners' locks. */
async function applyRole(
  tx: DbOrTx,
  actor: AuditActor,
  row: typeof users.$inferSelect,
  next: Role,
  activeOwners: string[],
  action: 'staff.grant' | 'staff.role' | 'staff.remove',
) {
  if (row.role === 'owner' && next !== 'owner' && row.status === 'active') {
    if (activeOwners.filter((id) => id !== row.id).length === 0)
      throw new AppError('CONFLICT', staffMessages.lastOwner);
  }
  const [updated] = await tx
    .update(users)
    .set({ role: next, updatedAt: sql`now()` })
    .where(eq(users.id, row.id))
    .returning();
  const summary =
    action === 'staff.remove'
      ? `${row.email} removed from the staff (was ${roleLabels[row.role]})`
      : action === 'staff.grant'
        ? `${row.email} given the ${roleLabels[next]} role`
        : `${row.email}: ${roleLabels[row.role]} → ${roleLabels[next]}`;
  await recordAdminAction(tx, actor, {
    action,
    entityType: 'user',
    entityId: row.id,
    summary,
    before: { role: row.role },
    after: { role: next },
  });
  return updated!;
}

/** Sends a staff e-mail after the change committed; a failure is the host's to log, the change stands. */
async function sendAfterCommit(deps: StaffDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    if (deps.onMailError) deps.onMailError(error);
    else throw error;
  }
}

/**
 * Gives a staff role by e-mail address. A confirmed account gets it at once (and an e-mail saying so);
 * an address without an account, or whose account was never confirmed, gets an invitation link instead,
 * so a role never lands on an address nobody proved they read. Giving someone the role they hold
 * changes nothing and mails nobody. Only an owner gives (or takes away) the owner role.
 */
export async function grantStaffRole(deps: StaffDeps, actor: AuditActor, raw: unknown): Promise<GrantResult> {
  requirePermission(actor.role, 'staff.manage');
  const input = parseInput(grantStaffRoleSchema, raw);
  const role = staffRoleOf(input.role);
  requireStaffManager(actor, role);
  const { name: shopName } = await getShopSettings(deps.db);

  const outcome = await deps.db.transaction(async (tx) => {
    const activeOwners = await lockActiveOwners(tx);
    const [existing] = await tx.select().from(users).where(eq(users.email, input.email)).for('update');
    if (existing && existing.emailVerifiedAt) {
      if (existing.role === role) return { kind: 'same' as const, user: existing };
      requireStaffManager(actor, existing.role);
      const updated = await applyRole(tx, actor, existing, role, activeOwners, 'staff.grant');
      return {
        kind: 'granted' as const,
        user: updated,
        change: isStaffRole(existing.role) ? 'changed' : 'granted',
      };
    }

    // A newer invitation to the same address replaces any still pending.
    await tx
      .update(staffInvitations)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(staffInvitations.email, input.email),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      );
    const token = randomBytes(32).toString('base64url');
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({
        email: input.email,
        role,
        tokenHash: hashToken(token),
        invitedBy: actor.id,
        invitedByEmail: actor.email,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      })
      .returning();
    await recordAdminAction(tx, actor, {
      action: 'staff.invite',
      entityType: 'staff_invitation',
      entityId: invitation!.id,
      summary: `${input.email} invited as ${roleLabels[role]}`,
      after: { email: input.email, role },
    });
    return { kind: 'invited' as const, invitation: invitation!, token };
  });

  if (outcome.kind === 'same') return { status: 'granted', user: toPublicUser(outcome.user), changed: false };
  if (outcome.kind === 'granted') {
    await sendAfterCommit(
      deps,
      await staffRoleMail({
        shopName,
        publicUrl: deps.publicUrl,
        to: outcome.user,
        role,
        change: outcome.change === 'changed' ? 'changed' : 'granted',
      }),
    );
    return { status: 'granted', user: toPublicUser(outcome.user), changed: true };
  }
  await sendAfterCommit(
    deps,
    await staffInvitationMail({
      shopName,
      to: input.email,
      role,
      invitedBy: actor.name || actor.email,
      url: `${deps.publicUrl}/staff-invite?token=${outcome.token}`,
      validHours: INVITATION_TTL_MS / 3_600_000,
    }),
  );
  return { status: 'invited', invitation: invitationView(outcome.invitation) };
}

/**
 * Changes a staff member's role. It takes effect on their next request: the session reads the role
 * each time, so no session needs ending. The last active owner cannot be moved off the owner role;
 * an owner may step down when another owner remains.
 */
export async function changeStaffRole(
  deps: StaffDeps,
  actor: AuditActor,
  userId: unknown,
  rawRole: unknown,
): Promise<PublicUser> {
  requirePermission(actor.role, 'staff.manage');
  const role = staffRoleOf(rawRole);
  requireStaffManager(actor, role);
  const { name: shopName } = await getShopSettings(deps.db);
  const result = await deps.db.transaction(async (tx) => {
    const activeOwners = await lockActiveOwners(tx);
    const row = await lockStaffMember(tx, userId);
    requireStaffManager(actor, row.role);
    if (row.role === role) return { user: row, changed: false };
    return { user: await applyRole(tx, actor, row, role, activeOwners, 'staff.role'), changed: true };
  });
  if (result.changed)
    await sendAfterCommit(
      deps,
      await staffRoleMail({ shopName, publicUrl: deps.publicUrl, to: result.user, role, change: 'changed' }),
    );
  return toPublicUser(result.user);
}

/**
 * Takes a staff member back to a customer. Their sessions stay (they still shop here); only the admin
 * area closes, on their very next request. The last active owner cannot be removed.
 */
export async function removeStaff(deps: StaffDeps, actor: AuditActor, userId: unknown): Promise<PublicUser> {
  requirePermission(actor.role, 'staff.manage');
  const { name: shopName } = await getShopSettings(deps.db);
  const updated = await deps.db.transaction(async (tx) => {
    const activeOwners = await lockActiveOwners(tx);
    const row = await lockStaffMember(tx, userId);
    requireStaffManager(actor, row.role);
    return applyRole(tx, actor, row, 'customer', activeOwners, 'staff.remove');
  });
  await sendAfterCommit(
    deps,
    await staffRoleMail({
      shopName,
      publicUrl: deps.publicUrl,
      to: updated,
      role: 'customer',
      change: 'removed',
    }),
  );
  return toPublicUser(updated);
}

/**
 * For a staff member who lost both their phone and their recovery codes: the owner turns their second
 * factor off and ends their sessions. They sign in with their password and, when the shop requires
 * it, turn it on again before the admin area opens. One's own is turned off from the profile instead.
 */
export async function resetStaffTwoFactor(
  deps: StaffDeps,
  actor: AuditActor,
  userId: unknown,
): Promise<PublicUser> {
  requirePermission(actor.role, 'staff.manage');
  if (userId === actor.id)
    throw new AppError('CONFLICT', 'Turn your own two-step sign-in off under Profile → Security.');
  return deps.db.transaction(async (tx) => {
    const row = await lockStaffMember(tx, userId);
    requireStaffManager(actor, row.role);
    if (!row.twoFactorEnabledAt && !row.twoFactorSecret) return toPublicUser(row);
    const [updated] = await tx
      .update(users)
      .set({
        twoFactorSecret: null,
        twoFactorEnabledAt: null,
        twoFactorLastStep: null,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, row.id))
      .returning();
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, row.id));
    await revokeUserSessions(tx, row.id);
    await recordAdminAction(tx, actor, {
      action: 'staff.two-factor.reset',
      entityType: 'user',
      entityId: row.id,
      summary: `Two-step sign-in of ${row.email} turned off by ${actor.email}; their sessions were ended`,
      before: { twoFactor: 'on' },
      after: { twoFactor: 'off' },
    });
    return toPublicUser(updated!);
  });
}

const roleRank = (role: Role) => staffRoles.indexOf(role as StaffRole);

function invitationView(row: typeof staffInvitations.$inferSelect): PendingInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByEmail,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The staff (owners first, then by name) and the invitations still waiting to be followed. */
export async function listStaff(
  db: DbOrTx,
): Promise<{ staff: StaffMember[]; invitations: PendingInvitation[] }> {
  const rows = await db.select().from(users).where(ne(users.role, 'customer'));
  const staff = rows
    .filter((row) => isStaffRole(row.role))
    .sort((a, b) => roleRank(a.role) - roleRank(b.role) || a.name.localeCompare(b.name))
    .map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      role: row.role as StaffRole,
      lastSignInAt: row.lastSignInAt ? row.lastSignInAt.toISOString() : null,
      twoFactorEnabled: row.twoFactorEnabledAt !== null,
    }));
  const pending = await db
    .select()
    .from(staffInvitations)
    .where(
      and(
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(staffInvitations.createdAt));
  return { staff, invitations: pending.map(invitationView) };
}

/** Withdraws an invitation still pending; its link stops working at once. */
export async function revokeInvitation(
  deps: Pick<StaffDeps, 'db'>,
  actor: AuditActor,
  id: unknown,
): Promise<void> {
  requirePermission(actor.role, 'staff.manage');
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'No such invitation');
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'No such invitation');
    requireStaffManager(actor, row.role);
    if (row.acceptedAt || row.revokedAt) throw new AppError('CONFLICT', staffMessages.invitationGone);
    await tx
      .update(staffInvitations)
      .set({ revokedAt: sql`now()` })
      .where(eq(staffInvitations.id, id));
    await recordAdminAction(tx, actor, {
      action: 'staff.invitation.revoke',
      entityType: 'staff_invitation',
      entityId: id,
      summary: `Invitation of ${row.email} as ${roleLabels[row.role]} withdrawn`,
      before: { email: row.email, role: row.role },
    });
  });
}

/** What an invitation link offers, for its page. */
export interface InvitationPreview {
  email: string;
  role: StaffRole;
  roleLabel: string;
  expiresAt: string;
  invitedBy: string;
  /** A confirmed account already has this address: accepting keeps its password (sign in with it). */
  existingAccount: boolean;
}

/**
 * The invitation behind a link: 404 when no link has this token, 410 when it was used, withdrawn or
 * expired. A token that opens nothing counts as a wrong secret (checkSecret 'invitation', per token and
 * per address), so tokens cannot be tried in turn.
 */
async function usableInvitation(
  deps: Pick<AccountDeps, 'db' | 'rateLimiter'>,
  token: unknown,
  client: Pick<ClientInfo, 'ip'>,
) {
  const invalid = () =>
    new AppError('NOT_FOUND', staffMessages.invitationInvalid, { token: staffMessages.invitationInvalid });
  if (typeof token !== 'string' || !token.trim() || token.length > 200) throw invalid();
  const tokenHash = hashToken(token.trim());
  let row: typeof staffInvitations.$inferSelect | undefined;
  const found = await checkSecret(
    deps.rateLimiter,
    'invitation',
    { subject: tokenHash, ip: client.ip },
    async () => {
      [row] = await deps.db.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, tokenHash));
      return row !== undefined;
    },
  );
  if (!found || !row) throw invalid();
  if (row.acceptedAt || row.revokedAt || row.expiresAt.getTime() <= Date.now())
    throw new AppError('GONE', staffMessages.invitationInvalid, { token: staffMessages.invitationInvalid });
  return row;
}

/** Reads an invitation link without using it: who it is for, the role, until when. */
export async function peekInvitation(
  deps: Pick<AccountDeps, 'db' | 'rateLimiter'>,
  token: unknown,
  client: Pick<ClientInfo, 'ip'>,
): Promise<InvitationPreview> {
  const row = await usableInvitation(deps, token, client);
  const [account] = await deps.db
    .select({ verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, row.email));
  return {
    email: row.email,
    role: row.role,
    roleLabel: roleLabels[row.role],
    expiresAt: row.expiresAt.toISOString(),
    invitedBy: row.invitedByEmail,
    existingAccount: Boolean(account?.verified),
  };
}

/**
 * Follows an invitation link, once. The link proved the address, so the account it makes (or the
 * unconfirmed one it finishes) is confirmed, with the name and password chosen here, and is signed in.
 * A confirmed account that appeared meanwhile gets the role and keeps its own password, and is NOT
 * signed in: the link proves the address, not the password or the second factor that account may
 * have, so it signs in the usual way (`session` is null).
 */
export async function acceptInvitation(
  deps: Pick<AccountDeps, 'db' | 'tokens' | 'rateLimiter'>,
  raw: unknown,
  client: ClientInfo,
): Promise<{ user: PublicUser; session: IssuedSession | null; passwordKept: boolean }> {
  await deps.rateLimiter.hit(accountRateLimits.signUpByIp, client.ip);
  const input = parseInput(acceptInvitationSchema, raw);
  const invitation = await usableInvitation(deps, input.token, client);
  const [current] = await deps.db.select().from(users).where(eq(users.email, invitation.email));
  const keepsPassword = Boolean(current?.emailVerifiedAt);
  let passwordHash: string | null = null;
  if (!keepsPassword) {
    if (!input.name)
      throw new AppError('BAD_REQUEST', staffMessages.nameRequired, { name: staffMessages.nameRequired });
    const refusal = newPasswordRefusal(input.password, input.confirmPassword, {
      email: invitation.email,
      name: input.name,
    });
    if (refusal) throw refusal;
    passwordHash = await hashPassword(input.password);
  }

  return deps.db.transaction(async (tx) => {
    // Claiming the link is one conditional statement: of two clicks at once, one wins.
    const [claimed] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(
        and(
          eq(staffInvitations.id, invitation.id),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!claimed)
      throw new AppError('GONE', staffMessages.invitationInvalid, { token: staffMessages.invitationInvalid });

    let [row] = await tx.select().from(users).where(eq(users.email, claimed.email)).for('update');
    const passwordKept = Boolean(row?.emailVerifiedAt);
    if (!row) {
      [row] = await tx
        .insert(users)
        .values({
          name: input.name,
          email: claimed.email,
          passwordHash: passwordHash!,
          role: claimed.role,
          emailVerifiedAt: sql`now()`,
          lastSignInAt: sql`now()`,
        })
        .returning();
    } else if (!row.emailVerifiedAt) {
      // Whoever started this unconfirmed account never proved the address: the link's holder takes it over.
      if (!passwordHash) throw new AppError('CONFLICT', staffMessages.invitationInvalid);
      await retireVerificationLinks(tx, row.id);
      await revokeUserSessions(tx, row.id);
      [row] = await tx
        .update(users)
        .set({
          name: input.name,
          passwordHash,
          role: claimed.role,
          emailVerifiedAt: sql`now()`,
          lastSignInAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, row.id))
        .returning();
    } else {
      if (row.status !== 'active') throw new AppError('FORBIDDEN', ACCOUNT_INACTIVE);
      // An owner who follows a lesser invitation stays an owner: a link never demotes.
      [row] = await tx
        .update(users)
        .set({
          role: row.role === 'owner' ? 'owner' : claimed.role,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, row.id))
        .returning();
    }
    const user = row!;
    await tx
      .update(staffInvitations)
      .set({ acceptedUserId: user.id })
      .where(eq(staffInvitations.id, claimed.id));
    await recordAdminAction(
      tx,
      { id: user.id, email: user.email, name: user.name },
      {
        action: 'staff.invitation.accept',
        entityType: 'staff_invitation',
        entityId: claimed.id,
        summary: `${user.email} joined the staff as ${roleWithArticle(user.role)}`,
        after: { role: user.role },
      },
    );
    if (passwordKept) return { user: toPublicUser(user), session: null, passwordKept };
    const session = await sessionFromLink(tx, deps.tokens, user, client);
    if (session) await tx.insert(signIns).values({ userId: user.id });
    return { user: toPublicUser(user), session, passwordKept };
  });
}
