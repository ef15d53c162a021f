import { loadConfig } from '../../../config/config';
import { openConfiguredDatabase } from '../../../db/client';
import { runMigrations } from '../../../db/migrate';
import { grantConfiguredAdmins } from '../../accounts';

// `npm run admin:grant -- <email>`: admins are bootstrapped from the command line, never from the UI.
const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  process.stderr.write('usage: npm run admin:grant -- <email>\n');
  process.exit(2);
}

const database = await openConfiguredDatabase(loadConfig());
try {
  await runMigrations(database);
  if ((await grantConfiguredAdmins(database.db, [email])) === 0) {
    process.stderr.write(`no account with the email ${email}: sign up first, then grant\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`${email} is an admin (admin session limits apply from now on)\n`);
  }
} finally {
  await database.close();
}
