import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/mail';
import { signInSeededAdmin } from '../../tests/fixtures/admin-api';
import { createTestApp, type TestApp } from '../../tests/fixtures/test-app';
import { grantStaffRole } from '../accounts/staff';
import { getOutboxMail, listOutbox, redactMailSecrets } from './outbox-view';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ seed: true });
});

afterAll(async () => {
  await test?.close();
});

describe('the outbox the owner reads', () => {
  it('hides the token of a staff invitation’s link, in the text and the HTML, as it hides reset links', async () => {
    const admin = await signInSeededAdmin(test);
    const invited = await grantStaffRole(
      test.app.services.accounts,
      { id: admin.id, email: admin.email, name: 'Shop Admin', role: 'owner' },
      { email: 'ada.invited@example.ng', role: 'dispatch' },
    );
    expect(invited.status).toBe('invited');
    const [sent] = await test.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'ada.invited@example.ng'));
    const token = /staff-invite\?token=([A-Za-z0-9_-]+)/.exec(sent!.text)?.[1];
    expect(token, 'the mail as sent carries the link').toBeTruthy();

    const shown = await getOutboxMail(test.database.db, sent!.id);
    for (const part of [shown.text, shown.html, shown.subject]) expect(part).not.toContain(token!);
    expect(shown.text).toContain('/staff-invite?token=hidden');
    expect(shown.html).toContain('/staff-invite?token=hidden');
    const listed = await listOutbox(test.database.db, {});
    expect(JSON.stringify(listed)).not.toContain(token!);
  });

  it('hides a link’s token however the HTML spells its separator', () => {
    expect(redactMailSecrets('https://rossy.ng/staff-invite?token=Zx9-abc_DEF')).toBe(
      'https://rossy.ng/staff-invite?token=hidden',
    );
    expect(redactMailSecrets('<a href="https://rossy.ng/staff-invite?utm=mail&amp;token=Zx9">')).toBe(
      '<a href="https://rossy.ng/staff-invite?utm=mail&amp;token=hidden">',
    );
  });
});
