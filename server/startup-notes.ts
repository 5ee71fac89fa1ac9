import type { Config } from './config';

/**
 * What start-up tells the person (or the log collector) running the shop, written once each
 * (server/index.ts): the TEST MODE warning, where e-mail goes, and the address the shop is open at.
 */

type StartupConfig = Pick<Config, 'isProduction' | 'flutterwave' | 'paystack' | 'smtpUrl'>;

/** Without provider keys the shop takes TEST MODE payments: fine for a demo, never for a live shop. */
export function testModeWarning(config: StartupConfig): string | null {
  if (config.flutterwave || config.paystack) return null;
  return config.isProduction
    ? "TEST MODE in production: neither Flutterwave (FLW_PUBLIC_KEY, FLW_SECRET_KEY) nor Paystack (PAYSTACK_SECRET_KEY, PAYSTACK_PUBLIC_KEY) keys are set, so card payments go to the built-in sandbox and NO MONEY IS TAKEN. Every page shows a TEST MODE banner and sandbox-paid orders are test orders, left out of revenue. Set a provider's keys to take real payments."
    : 'TEST MODE: no Flutterwave or Paystack keys, card payments use the built-in sandbox (test cards only, no money taken).';
}

/**
 * Paystack's keys of the wrong kind for where the shop runs: test keys in production take no money
 * (every "paid" order is a test), live keys elsewhere take real money from whoever tries the shop.
 * With Paystack alone, bank transfers go to the shop's own account with an RC reference.
 */
export function paystackNotices(config: StartupConfig): string[] {
  if (!config.paystack) return [];
  const notices: string[] = [];
  if (config.isProduction && config.paystack.testKeys)
    notices.push(
      'Paystack TEST keys in production: PAYSTACK_SECRET_KEY is sk_test_…, so Paystack payments move NO MONEY. Set the live pair (sk_live_…, pk_live_…) to take real payments.',
    );
  if (!config.isProduction && !config.paystack.testKeys)
    notices.push(
      'Paystack LIVE keys outside production: payments here take real money. Use the test pair (sk_test_…, pk_test_…) for development.',
    );
  if (!config.flutterwave)
    notices.push(
      "Paystack without Flutterwave: bank transfers are paid into the shop's own account (Settings → Payments) with each order's RC reference, and confirmed by staff.",
    );
  return notices;
}

/** Without SMTP_URL no mail leaves: a demo (TEST MODE) prints it here, a live shop's log never carries a link's secret. */
export function mailNotice(config: StartupConfig): string | null {
  if (config.smtpUrl) return null;
  return config.flutterwave || config.paystack
    ? 'No SMTP_URL: e-mails are kept in the outbox and NOT delivered, so shoppers get no sign-up, reset or order links. Set SMTP_URL.'
    : 'No SMTP_URL: e-mails are kept in the outbox, not delivered. In TEST MODE each one is printed here with its links (sign-up confirmations, password resets, order links); set SMTP_URL to send them.';
}

export interface NoticeOutput {
  /** 'json' when the output goes to a log collector, one JSON object a line. */
  logFormat: 'pretty' | 'json';
  warn: (fields: Record<string, unknown>, message: string) => void;
  write: (text: string) => void;
}

/**
 * A warning said once: as a JSON warning when the output is JSON (a collector files it by its
 * level, and a person reads its msg), otherwise as a plain line among the start-up steps.
 */
export function sayWarning(
  output: NoticeOutput,
  message: string,
  fields: Record<string, unknown> = {},
): void {
  if (output.logFormat === 'json') output.warn(fields, message);
  else output.write(`  ${message}\n`);
}

const everyInterface = new Set(['0.0.0.0', '::', '']);

/** The address a browser on this machine opens for HOST and PORT: localhost when it listens everywhere. */
export function listeningUrl(host: string, port: number): string {
  const name = host.trim();
  if (everyInterface.has(name)) return `http://localhost:${port}`;
  return name.includes(':') ? `http://[${name}]:${port}` : `http://${name}:${port}`;
}

/**
 * The line that says the shop is open: at the host it listens on (HOST; localhost when it listens on
 * every address), and the public address too when PUBLIC_URL names another one.
 */
export function openAtLine(config: Pick<Config, 'host' | 'port' | 'publicUrl'>): string {
  const local = listeningUrl(config.host, config.port);
  const defaultPublic = `http://localhost:${config.port}`;
  const publicNote =
    config.publicUrl !== local && config.publicUrl !== defaultPublic
      ? ` (public address ${config.publicUrl})`
      : '';
  return `\nRossy is open at ${local}${publicNote}\n`;
}
