import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../contracts/accounts';
import { sessions, staffInvitations, users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/admin';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import type { AuditActor } from '../audit/audit';
import type { MailMessage } from '../mail/mailer';
import type { RateLimiter } from '../rate-limits';
import { hashToken } from './email-verification';
import { hashPassword, verifyPassword } from './passwords';
import { createTokenSigner } from './session-tokens';
import { createSession } from './sessions';
import {
  acceptInvitation,
  changeStaffRole,
  grantStaffRole,
  INVITATION_TTL_MS,
  listStaff,
  peekInvitation,
  removeStaff,
  revokeInvitation,
  staffMessages,
} from './staff';

const PASSWORD = 'Staff-Pass-2026';
const client = { ip: '10.0.0.9', userAgent: 'vitest' };
const rateLimiter: RateLimiter = { hit: async () => {}, check: async () => {} };

let database: TestDatabase;
let counter = 0;
let sent: MailMessage[] = [];

const deps = () => ({
  db: database.db,
  mailer: {
    send: async (message: MailMessage) => {
      sent.push(message);
    },
    deliver: async () => {},
  },
  publicUrl: 'http://shop.test',
  tokens: createTokenSigner('a-session-secret-for-tests-0123456789'),
  rateLimiter,
});

type Role = 'customer' | StaffRole;
async function addUser(role: Role, options: { confirmed?: boolean; status?: 'active' | 'inactive' } = {}) {
  counter += 1;
  const [row] = await database.db
    .insert(users)
    .values({
      name: `Person ${counter}`,
      email: `person${counter}@example.ng`,
      passwordHash: await hashPassword(PASSWORD),
      role,
      status: options.status ?? 'active',
      emailVerifiedAt: options.confirmed === false ? null : new Date(),
    })
    .returning();
  return row!;
}
const actorOf = (row: { id: string; email: string; name: string; role: Role }): AuditActor => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
});
const freshEmail = () => `new${++counter}@example.ng`;
const roleOf = async (id: string) =>
  (await database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
const auditActions = async (entityId: string) =>
  (await database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId))).map((row) => row.action);
const tokenOf = (mail: MailMessage | undefined) =>
  /staff-invite\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];

/** Makes `keep` the only active owner, so the last-owner rules are tested from a known start. */
async function onlyOwner() {
  await database.db.update(users).set({ role: 'customer' }).where(eq(users.role, 'owner'));
  return addUser('owner');
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});
beforeEach(() => {
  sent = [];
});

describe('who may give roles', () => {
  it('refuses a customer, a manager and a role-less caller, and changes nothing', async () => {
    const customer = await addUser('customer');
    const manager = await addUser('manager');
    const target = await addUser('customer');
    for (const actor of [actorOf(customer), actorOf(manager), { id: null, email: 'system' }]) {
      await expect(
        grantStaffRole(deps(), actor, { email: target.email, role: 'dispatch' }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    await expect(
      grantStaffRole(deps(), actorOf(manager), { email: target.email, role: 'owner' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(changeStaffRole(deps(), actorOf(manager), manager.id, 'owner')).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(removeStaff(deps(), actorOf(manager), manager.id)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await roleOf(target.id)).toBe('customer');
    expect(await roleOf(manager.id)).toBe('manager');
    expect(sent).toHaveLength(0);
  });

  it('refuses a role that does not exist and the customer role, with a 400 naming the field', async () => {
    const owner = await addUser('owner');
    const email = freshEmail();
    for (const role of ['wizard', 'customer', 'admin', '', 7]) {
      await expect(grantStaffRole(deps(), actorOf(owner), { email, role })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        fields: { role: staffMessages.badRole },
      });
    }
    const staffMember = await addUser('dispatch');
    await expect(changeStaffRole(deps(), actorOf(owner), staffMember.id, 'customer')).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(
      await database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email)),
    ).toEqual([]);
    expect(sent).toHaveLength(0);
  });
});

describe('giving a role', () => {
  it('gives a confirmed account the role at once, mails them, and logs who did it', async () => {
    const owner = await addUser('owner');
    const person = await addUser('customer');
    const result = await grantStaffRole(deps(), actorOf(owner), {
      email: ` ${person.email.toUpperCase()} `,
      role: 'dispatch',
    });
    expect(result).toMatchObject({
      status: 'granted',
      changed: true,
      user: { id: person.id, role: 'dispatch' },
    });
    expect(await roleOf(person.id)).toBe('dispatch');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: person.email, subject: 'You are now a Dispatch at Rossy' });
    expect(sent[0]!.text).toContain('http://shop.test/admin');
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, person.id));
    expect(entry).toMatchObject({ action: 'staff.grant', actorId: owner.id, actorEmail: owner.email });
  });

  it('changes nothing and mails nobody when the person already holds the role', async () => {
    const owner = await addUser('owner');
    const person = await addUser('support');
    const result = await grantStaffRole(deps(), actorOf(owner), { email: person.email, role: 'support' });
    expect(result).toMatchObject({ status: 'granted', changed: false });
    expect(sent).toHaveLength(0);
    expect(await auditActions(person.id)).toEqual([]);
  });

  it('invites an address without an account: a 48-hour link whose token is stored only as a hash', async () => {
    const owner = await addUser('owner');
    const email = freshEmail();
    const before = Date.now();
    const result = await grantStaffRole(deps(), actorOf(owner), { email, role: 'dispatch' });
    expect(result).toMatchObject({
      status: 'invited',
      invitation: { email, role: 'dispatch', invitedBy: owner.email },
    });
    const token = tokenOf(sent[0]);
    expect(sent[0]).toMatchObject({ to: email, subject: 'Join Rossy as a Dispatch' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(row!.tokenHash).toBe(hashToken(token!));
    expect(row!.tokenHash).not.toContain(token!);
    expect(row!.expiresAt.getTime() - before).toBeGreaterThanOrEqual(INVITATION_TTL_MS - 1000);
    expect(row!.expiresAt.getTime() - before).toBeLessThanOrEqual(INVITATION_TTL_MS + 5000);
    expect(await auditActions(row!.id)).toEqual(['staff.invite']);
    expect(await users_(email)).toBeUndefined();
    expect(await peekInvitation(deps(), token, { ip: '10.0.0.1' })).toMatchObject({
      email,
      role: 'dispatch',
      existingAccount: false,
    });
  });

  it('invites an account that was never confirmed instead of giving it the role', async () => {
    const owner = await addUser('owner');
    const unconfirmed = await addUser('customer', { confirmed: false });
    const result = await grantStaffRole(deps(), actorOf(owner), {
      email: unconfirmed.email,
      role: 'manager',
    });
    expect(result.status).toBe('invited');
    expect(await roleOf(unconfirmed.id)).toBe('customer');
  });

  it('a newer invitation to the same address withdraws the older link', async () => {
    const owner = await addUser('owner');
    const email = freshEmail();
    await grantStaffRole(deps(), actorOf(owner), { email, role: 'support' });
    await grantStaffRole(deps(), actorOf(owner), { email, role: 'dispatch' });
    const [older, newer] = [tokenOf(sent[0]), tokenOf(sent[1])];
    await expect(peekInvitation(deps(), older, { ip: '10.0.0.1' })).rejects.toMatchObject({ code: 'GONE' });
    expect(await peekInvitation(deps(), newer, { ip: '10.0.0.1' })).toMatchObject({ role: 'dispatch' });
    const { invitations } = await listStaff(database.db);
    expect(invitations.filter((invitation) => invitation.email === email)).toHaveLength(1);
  });
});

async function users_(email: string) {
  return (await database.db.select().from(users).where(eq(users.email, email)))[0];
}

async function invite(role: StaffRole = 'dispatch', email = freshEmail()) {
  const owner = await addUser('owner');
  sent = [];
  const result = await grantStaffRole(deps(), actorOf(owner), { email, role });
  if (result.status !== 'invited') throw new Error('expected an invitation');
  return { owner, email, token: tokenOf(sent[0])!, invitation: result.invitation };
}

describe('accepting an invitation', () => {
  it('creates a confirmed account with the role and the chosen password, signs in, and works once', async () => {
    const { email, token, invitation } = await invite('dispatch');
    const accepted = await acceptInvitation(
      deps(),
      { token, name: 'Tunde Bello', password: PASSWORD },
      client,
    );
    expect(accepted.user).toMatchObject({
      email,
      name: 'Tunde Bello',
      role: 'dispatch',
      emailVerified: true,
    });
    expect(accepted.session?.token).toBeTruthy();
    expect(accepted.passwordKept).toBe(false);
    const row = await users_(email);
    expect(await verifyPassword(row!.passwordHash, PASSWORD)).toBe(true);
    expect(await auditActions(invitation.id)).toEqual(['staff.invite', 'staff.invitation.accept']);
    await expect(
      acceptInvitation(deps(), { token, name: 'Someone Else', password: 'Other-Pass-2026' }, client),
    ).rejects.toMatchObject({ code: 'GONE', message: staffMessages.invitationInvalid });
    await expect(peekInvitation(deps(), token, { ip: '10.0.0.1' })).rejects.toMatchObject({ code: 'GONE' });
    expect((await users_(email))!.name).toBe('Tunde Bello');
  });

  it('refuses an unknown link with 404 and an expired one with 410, creating nothing', async () => {
    await expect(
      acceptInvitation(deps(), { token: 'not-a-real-token', name: 'X', password: PASSWORD }, client),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', message: staffMessages.invitationInvalid });
    const { email, token, invitation } = await invite();
    await database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, invitation.id));
    await expect(peekInvitation(deps(), token, { ip: '10.0.0.1' })).rejects.toMatchObject({ code: 'GONE' });
    await expect(
      acceptInvitation(deps(), { token, name: 'Late Comer', password: PASSWORD }, client),
    ).rejects.toMatchObject({ code: 'GONE' });
    expect(await users_(email)).toBeUndefined();
    expect((await listStaff(database.db)).invitations.map((row) => row.id)).not.toContain(invitation.id);
  });

  it('keeps the link usable when the password is refused', async () => {
    const { email, token } = await invite();
    await expect(
      acceptInvitation(deps(), { token, name: 'Ada', password: 'short' }, client),
    ).rejects.toMatchObject({
      fields: { password: expect.any(String) },
    });
    await expect(
      acceptInvitation(deps(), { token, name: '', password: PASSWORD }, client),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fields: { name: staffMessages.nameRequired },
    });
    await expect(
      acceptInvitation(
        deps(),
        { token, name: 'Ada', password: PASSWORD, confirmPassword: 'Other-Pass-2026' },
        client,
      ),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE', fields: { confirmPassword: 'Passwords do not match' } });
    expect(await users_(email)).toBeUndefined();
    await acceptInvitation(deps(), { token, name: 'Ada', password: PASSWORD }, client);
    expect((await users_(email))!.role).toBe('dispatch');
  });

  it('lets only one of two accepts at once succeed', async () => {
    const { email, token } = await invite('support');
    const results = await Promise.allSettled([
      acceptInvitation(deps(), { token, name: 'First', password: PASSWORD }, client),
      acceptInvitation(deps(), { token, name: 'Second', password: 'Second-Pass-2026' }, client),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused).toMatchObject({ reason: { code: 'GONE' } });
    expect(await database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('finishes an unconfirmed account: the name and password chosen here, confirmed, with the role', async () => {
    const owner = await addUser('owner');
    const unconfirmed = await addUser('customer', { confirmed: false });
    const stale = await createSession(database.db, deps().tokens, unconfirmed.id);
    await grantStaffRole(deps(), actorOf(owner), { email: unconfirmed.email, role: 'support' });
    const token = tokenOf(sent.at(-1))!;
    const accepted = await acceptInvitation(
      deps(),
      { token, name: 'Kemi', password: 'Kemi-Pass-2026' },
      client,
    );
    expect(accepted.user).toMatchObject({
      id: unconfirmed.id,
      name: 'Kemi',
      role: 'support',
      emailVerified: true,
    });
    expect(await verifyPassword((await users_(unconfirmed.email))!.passwordHash, 'Kemi-Pass-2026')).toBe(
      true,
    );
    expect(await database.db.select().from(sessions).where(eq(sessions.id, stale.sessionId))).toEqual([]);
  });

  it('gives the role to a confirmed account made meanwhile, leaves its password, and does not sign it in', async () => {
    const { email, token } = await invite('manager');
    const [made] = await database.db
      .insert(users)
      .values({
        name: 'Already Here',
        email,
        passwordHash: await hashPassword(PASSWORD),
        emailVerifiedAt: new Date(),
      })
      .returning();
    expect(await peekInvitation(deps(), token, { ip: '10.0.0.1' })).toMatchObject({ existingAccount: true });
    const accepted = await acceptInvitation(
      deps(),
      { token, name: 'Ignored', password: 'Ignored-Pass-2026' },
      client,
    );
    expect(accepted).toMatchObject({
      passwordKept: true,
      session: null,
      user: { id: made!.id, name: 'Already Here', role: 'manager' },
    });
    // The link proves the address, not the password or a second factor: no session came of it.
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, made!.id))).toEqual([]);
    expect(await verifyPassword((await users_(email))!.passwordHash, PASSWORD)).toBe(true);
  });

  it('a withdrawn invitation stops working at once; withdrawing it again is a conflict', async () => {
    const { owner, email, token, invitation } = await invite();
    await revokeInvitation(deps(), actorOf(owner), invitation.id);
    await expect(
      acceptInvitation(deps(), { token, name: 'Too Late', password: PASSWORD }, client),
    ).rejects.toMatchObject({ code: 'GONE' });
    await expect(revokeInvitation(deps(), actorOf(owner), invitation.id)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(revokeInvitation(deps(), actorOf(owner), 'nope')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const customer = await addUser('customer');
    await expect(revokeInvitation(deps(), actorOf(customer), invitation.id)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await auditActions(invitation.id)).toEqual(['staff.invite', 'staff.invitation.revoke']);
    expect(await users_(email)).toBeUndefined();
  });
});

describe('changing and removing roles', () => {
  it('changes a role, mails the person, and logs it; removing keeps their customer sessions', async () => {
    const owner = await addUser('owner');
    const person = await addUser('dispatch');
    const session = await createSession(database.db, deps().tokens, person.id);
    expect(await changeStaffRole(deps(), actorOf(owner), person.id, 'support')).toMatchObject({
      role: 'support',
    });
    expect(sent[0]).toMatchObject({ to: person.email, subject: 'You are now a Support at Rossy' });
    expect(await removeStaff(deps(), actorOf(owner), person.id)).toMatchObject({ role: 'customer' });
    expect(sent[1]!.subject).toBe('Your staff role at Rossy has ended');
    expect(await database.db.select().from(sessions).where(eq(sessions.id, session.sessionId))).toHaveLength(
      1,
    );
    expect(await auditActions(person.id)).toEqual(['staff.role', 'staff.remove']);
    await expect(removeStaff(deps(), actorOf(owner), person.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('never leaves the shop without an owner, by demotion or removal', async () => {
    const only = await onlyOwner();
    await addUser('owner', { status: 'inactive' });
    await expect(changeStaffRole(deps(), actorOf(only), only.id, 'manager')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: staffMessages.lastOwner,
    });
    await expect(removeStaff(deps(), actorOf(only), only.id)).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await roleOf(only.id)).toBe('owner');
    expect(sent).toHaveLength(0);
    // With a second owner, an owner may step down.
    const second = await addUser('owner');
    await changeStaffRole(deps(), actorOf(only), only.id, 'manager');
    expect(await roleOf(only.id)).toBe('manager');
    await expect(removeStaff(deps(), actorOf(second), second.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('lets two owners demote each other only one at a time', async () => {
    const a = await onlyOwner();
    const b = await addUser('owner');
    const results = await Promise.allSettled([
      changeStaffRole(deps(), actorOf(a), b.id, 'dispatch'),
      changeStaffRole(deps(), actorOf(b), a.id, 'dispatch'),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: { code: 'CONFLICT', message: staffMessages.lastOwner },
    });
    const owners = await database.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'owner'), eq(users.status, 'active')));
    expect(owners).toHaveLength(1);
  });

  it('lists the staff with role, last sign-in and second factor, and the pending invitations', async () => {
    const owner = await addUser('owner');
    const dispatcher = await addUser('dispatch');
    await database.db
      .update(users)
      .set({ twoFactorEnabledAt: new Date() })
      .where(eq(users.id, dispatcher.id));
    const customer = await addUser('customer');
    const email = freshEmail();
    await grantStaffRole(deps(), actorOf(owner), { email, role: 'support' });
    const { staff, invitations } = await listStaff(database.db);
    expect(staff.find((member) => member.id === dispatcher.id)).toEqual({
      id: dispatcher.id,
      name: dispatcher.name,
      email: dispatcher.email,
      role: 'dispatch',
      lastSignInAt: null,
      twoFactorEnabled: true,
    });
    expect(staff.map((member) => member.id)).not.toContain(customer.id);
    expect(staff[0]!.role).toBe('owner');
    expect(invitations.find((row) => row.email === email)).toMatchObject({
      role: 'support',
      invitedBy: owner.email,
    });
  });
});
