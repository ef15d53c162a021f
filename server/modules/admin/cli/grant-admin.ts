import { sql } from 'drizzle-orm';
import { loadConfig } from '../../../config/config';
import { openConfiguredDatabase } from '../../../db/client';
import { runMigrations } from '../../../db/migrate';
import { userRoles, users } from '../../../db/schema';

// `npm run admin:grant -- <email>`: admins are bootstrapped from the command line, never from the UI.
const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  process.stderr.write('usage: npm run admin:grant -- <email>\n');
  process.exit(2);
}

const database = await openConfiguredDatabase(loadConfig());
try {
  await runMigrations(database);
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email} and ${users.deletedAt} is null`);
  if (!user) {
    process.stderr.write(`no account with the email ${email}: sign up first, then grant\n`);
    process.exitCode = 1;
  } else {
    await database.db.insert(userRoles).values({ userId: user.id, role: 'admin' }).onConflictDoNothing();
    process.stdout.write(`${email} is an admin\n`);
  }
} finally {
  await database.close();
}
