import { CustomerAddressError, setAdminPassword } from '../../core/accounts/set-admin-password';
import { loadConfig } from '../config';
import { openDatabaseForCommand } from './open-database';

/**
 * `npm run admin:password [-- [--promote-customer] new-password]`: a new password for ADMIN_EMAIL,
 * printed here (a generated one unless given). A customer's account is made an administrator only
 * with --promote-customer: the owner says the account at that address is their own.
 */
const args = process.argv.slice(2);
const promoteCustomer = args.includes('--promote-customer');
const givenPassword = args.find((arg) => arg !== '--promote-customer');
const config = loadConfig();
const database = await openDatabaseForCommand(config, 'a password change (npm run admin:password)', {
  notDone: 'The password was not changed.',
  command: 'npm run admin:password',
  besideLiveShop: true,
});
try {
  await database.migrate();
  const { email, password } = await setAdminPassword(database.db, config.adminEmail, givenPassword, {
    promoteCustomer,
  });
  console.log(
    `Admin sign-in:\n  e-mail:   ${email}\n  password: ${password}\nEvery earlier session of this account has ended.`,
  );
} catch (error) {
  console.error(
    `Could not set the admin password: ${error instanceof Error ? error.message : String(error)}`,
  );
  if (error instanceof CustomerAddressError)
    console.error(
      "Set ADMIN_EMAIL to the administrator's address, or have an administrator promote the account under /admin → Users. If the account is your own: npm run admin:password -- --promote-customer",
    );
  process.exitCode = 1;
} finally {
  await database.close();
}
