import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin';
import { users } from '../../db/schema/accounts';
import { notifications } from '../../db/schema/content';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { countAnnouncementRecipients, listAnnouncements, sendAnnouncement } from './announcements';
import { listNotifications } from '../notifications/notifications';

let database: TestDatabase;
const actor = { id: null, email: 'admin@rossy.ng' };

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(users).values([
    { name: 'Active One', email: 'one@example.ng', passwordHash: 'x' },
    { name: 'Active Two', email: 'two@example.ng', passwordHash: 'x' },
    { name: 'Gone', email: 'gone@example.ng', passwordHash: 'x', status: 'inactive' },
    { name: 'Boss', email: 'admin@rossy.ng', passwordHash: 'x', role: 'owner' },
  ]);
});
afterAll(async () => {
  await database?.destroy();
});

const userId = async (email: string) =>
  (await database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

async function appError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('announcements', () => {
  it('sends one notification to each active customer, none to inactive ones or admins, and records the send', async () => {
    expect(await countAnnouncementRecipients(database.db)).toBe(2);
    const sent = await sendAnnouncement(database.db, actor, {
      type: 'promo',
      title: '  Private sale this weekend ',
      message: 'Up to 30% off designer bags until Sunday.',
      link: '/sale',
    });
    expect(sent.recipients).toBe(2);

    for (const email of ['one@example.ng', 'two@example.ng']) {
      const list = await listNotifications(database.db, await userId(email), 'promotions');
      expect(list.notifications).toEqual([
        expect.objectContaining({
          type: 'promo',
          title: 'Private sale this weekend',
          message: 'Up to 30% off designer bags until Sunday.',
          link: '/sale',
          isRead: false,
        }),
      ]);
    }
    for (const email of ['gone@example.ng', 'admin@rossy.ng'])
      expect((await listNotifications(database.db, await userId(email))).notifications).toEqual([]);

    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'announcement.send'), eq(auditLog.entityId, String(sent.id))));
    expect(entry).toMatchObject({ actorEmail: 'admin@rossy.ng', entityType: 'announcement' });
    expect(entry!.summary).toContain('sent to 2 customers');

    const listed = await listAnnouncements(database.db);
    expect(listed.announcements[0]).toMatchObject({
      id: sent.id,
      recipients: 2,
      readCount: 0,
      type: 'promo',
    });
  });

  it('refuses an empty title or message and a link to another site, sending nothing', async () => {
    const [before] = await database.db.select({ total: count() }).from(notifications);
    const empty = await appError(
      sendAnnouncement(database.db, actor, { type: 'info', title: ' ', message: '' }),
    );
    expect(empty.code).toBe('BAD_REQUEST');
    expect(empty.fields).toMatchObject({
      title: 'Please enter a title',
      message: 'Please enter the message',
    });
    for (const link of ['https://evil.example/sale', '//evil.example', 'sale'])
      expect(
        (
          await appError(
            sendAnnouncement(database.db, actor, { type: 'info', title: 'T', message: 'M', link }),
          )
        ).fields,
      ).toHaveProperty('link');
    const badType = await appError(
      sendAnnouncement(database.db, actor, { type: 'order', title: 'T', message: 'M' }),
    );
    expect(badType.fields).toHaveProperty('type');
    const [after] = await database.db.select({ total: count() }).from(notifications);
    expect(after!.total).toBe(before!.total);
  });
});
