import { describe, expect, test } from 'vitest';
import type { AdminAccountResult } from '../core/accounts/ensure-admin-account';
import { adminStartupNote } from './admin-startup-note';
import { loadConfig } from './config';
import { createLogger } from './logging';
import { backupFileName } from './operations/backup';
import { mailNotice, openAtLine, paystackNotices, sayWarning, testModeWarning } from './startup-notes';

/** What start-up prints, plain lines and JSON log lines together, as a terminal or a collector reads it. */
function captureStartup(env: Record<string, string>, logFormat: 'pretty' | 'json'): string {
  const config = loadConfig({ NODE_ENV: 'production', ...env });
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', format: logFormat });
  const output = {
    logFormat,
    warn: (fields: Record<string, unknown>, message: string) => {
      // The JSON a collector receives: what pino would write for this warning.
      lines.push(JSON.stringify({ level: logger.levels.values.warn, ...fields, msg: message }));
    },
    write: (text: string) => lines.push(text),
  };
  const warning = testModeWarning(config);
  if (warning) sayWarning(output, warning, { testMode: true });
  const mail = mailNotice(config);
  if (mail) sayWarning(output, mail);
  lines.push(openAtLine(config));
  return lines.join('');
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('the start-up terminal', () => {
  test.each(['json', 'pretty'] as const)('says the TEST MODE warning once, %s output', (format) => {
    const printed = captureStartup({}, format);
    expect(occurrences(printed, 'TEST MODE in production')).toBe(1);
    expect(occurrences(printed, 'No SMTP_URL')).toBe(1);
    if (format === 'json') expect(printed).toContain('"testMode":true');
    else expect(printed).not.toContain('{"');
  });

  test('a live shop without SMTP_URL says so once too', () => {
    const printed = captureStartup({ FLW_PUBLIC_KEY: 'FLWPUBK-x', FLW_SECRET_KEY: 'FLWSECK-x' }, 'json');
    expect(printed).not.toContain('TEST MODE');
    expect(occurrences(printed, 'No SMTP_URL')).toBe(1);
  });

  test('"open at" names the host it listens on', () => {
    expect(captureStartup({ PORT: '3000' }, 'pretty')).toContain('Rossy is open at http://localhost:3000\n');
    expect(captureStartup({ PORT: '8080', HOST: '127.0.0.1' }, 'pretty')).toContain(
      'Rossy is open at http://127.0.0.1:8080\n',
    );
    expect(captureStartup({ PORT: '8080', HOST: '::1' }, 'pretty')).toContain(
      'Rossy is open at http://[::1]:8080\n',
    );
    expect(
      captureStartup({ PORT: '3000', HOST: '10.0.0.5', PUBLIC_URL: 'https://shop.example.ng' }, 'pretty'),
    ).toContain('Rossy is open at http://10.0.0.5:3000 (public address https://shop.example.ng)\n');
  });
});

describe('the hint for a later start', () => {
  const admin: AdminAccountResult = {
    email: 'admin@rossy.ng',
    holder: 'admin',
    isAdmin: true,
    created: false,
    generatedPassword: null,
  };

  test('where no mail can leave, it names npm run admin:password, not a reset e-mail', () => {
    const note = adminStartupNote(admin, { fromAdminPassword: false, mailLeaves: false });
    expect(note).toContain('npm run admin:password');
    expect(note).not.toContain('/forgot-password');
  });

  test('with SMTP_URL, the reset page is offered as well', () => {
    const note = adminStartupNote(admin, { fromAdminPassword: false, mailLeaves: true });
    expect(note).toContain('/forgot-password');
    expect(note).toContain('npm run admin:password');
  });
});

describe('backup file names', () => {
  test('are in Lagos time, like every other date the shop shows', () => {
    // 23:30 UTC on 25 November is 00:30 on the 26th in Lagos.
    expect(backupFileName(new Date('2026-11-25T23:30:00Z'))).toBe('rossy-2026-11-26-0030.backup');
    expect(backupFileName(new Date('2026-06-01T13:05:59Z'))).toBe('rossy-2026-06-01-1405.backup');
  });
});

describe('paystackNotices', () => {
  const testKeys = {
    PAYSTACK_SECRET_KEY: 'sk_test_0a1b2c3d4e5f',
    PAYSTACK_PUBLIC_KEY: 'pk_test_0a1b2c3d4e5f',
  };
  const liveKeys = {
    PAYSTACK_SECRET_KEY: 'sk_live_0a1b2c3d4e5f',
    PAYSTACK_PUBLIC_KEY: 'pk_live_0a1b2c3d4e5f',
  };
  const flutterwave = { FLW_PUBLIC_KEY: 'FLWPUBK-0a1b2c3d4e5f-X', FLW_SECRET_KEY: 'FLWSECK-0a1b2c3d4e5f-X' };
  const notices = (env: Record<string, string>) => paystackNotices(loadConfig(env));

  test('says nothing without Paystack keys', () => {
    expect(paystackNotices(loadConfig({}))).toEqual([]);
    expect(paystackNotices(loadConfig({ NODE_ENV: 'production' }))).toEqual([]);
  });

  test('warns of test keys in production: no money moves', () => {
    const said = notices({ NODE_ENV: 'production', ...testKeys, ...flutterwave });
    expect(said).toEqual([expect.stringMatching(/^Paystack TEST keys in production: .*NO MONEY/)]);
  });

  test('warns of live keys in development: real money', () => {
    const said = notices({ NODE_ENV: 'development', ...liveKeys, ...flutterwave });
    expect(said).toEqual([expect.stringMatching(/^Paystack LIVE keys outside production: .*real money/)]);
  });

  test('says nothing of the right keys for where the shop runs, beside Flutterwave', () => {
    expect(notices({ NODE_ENV: 'production', ...liveKeys, ...flutterwave })).toEqual([]);
    expect(notices({ NODE_ENV: 'development', ...testKeys, ...flutterwave })).toEqual([]);
  });

  test("tells that, without Flutterwave, transfers go to the shop's own account", () => {
    const said = notices({ NODE_ENV: 'production', ...liveKeys });
    expect(said).toEqual([
      expect.stringMatching(
        /^Paystack without Flutterwave: bank transfers are paid into the shop's own account/,
      ),
    ]);
    expect(testModeWarning(loadConfig({ NODE_ENV: 'production', ...liveKeys }))).toBeNull();
  });
});
