import type { AdminAccountResult } from '../core/accounts/ensure-admin-account';

/**
 * What start-up tells the owner about ADMIN_EMAIL (server/index.ts). `npm run admin:password` is
 * advised only for an administrator's address: for a customer's it would promote whoever signed up
 * with it, and an unused one would become a second administrator.
 */
export function adminStartupNote(
  admin: AdminAccountResult,
  options: {
    fromAdminPassword: boolean;
    /** SMTP_URL is set: a reset link from /forgot-password reaches the owner's mailbox. */
    mailLeaves?: boolean;
  },
): string {
  if (admin.generatedPassword)
    return `\nAdmin sign-in (shown only this once; change it under Profile → Security):\n  e-mail:   ${admin.email}\n  password: ${admin.generatedPassword}\n\n`;
  switch (admin.holder) {
    case 'admin': {
      const password =
        options.fromAdminPassword && admin.created
          ? 'ADMIN_PASSWORD'
          : options.mailLeaves
            ? 'the password set earlier (reset it at /forgot-password, or here with npm run admin:password)'
            : // No mail leaves the shop: a reset link would wait in the outbox, so the command is the way.
              'the password set earlier (lost it? npm run admin:password sets a new one here: without SMTP_URL no reset e-mail leaves the shop)';
      return `Admin sign-in: ${admin.email} with ${password}\n\n`;
    }
    case 'customer':
      return `ADMIN_EMAIL (${admin.email}) is a customer's account, not an administrator's: the shop leaves it as it is, and ADMIN_EMAIL only creates the first administrator. Sign in as an administrator (one promotes others under /admin → Users), or set ADMIN_EMAIL to the administrator's address.\n\n`;
    case 'none':
      return `ADMIN_EMAIL (${admin.email}) is no account's address, and the shop already has its administrator: ADMIN_EMAIL only creates the first one. Sign in as an administrator, or set ADMIN_EMAIL to the administrator's address.\n\n`;
  }
}
