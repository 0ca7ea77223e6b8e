import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '@limelight/contracts';
import { loadConfig } from '../config';
import { openEmbedded, openPostgres } from '../db/client';
import { insertAccount } from '../modules/users/accounts';
import { passwordAsSentByClient } from '../platform/password';

const usage = 'Usage: npm run admin -- create --email E --password P [--name N]';

/** `npm run admin -- create --email E --password P`: creates an admin account. */
async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  if (positionals[0] !== 'create') throw new Error(usage);
  const email = emailSchema.safeParse(values.email);
  const password = passwordSchema.safeParse(values.password);
  if (!email.success) throw new Error(`--email ${email.error.issues[0]?.message}\n${usage}`);
  if (!password.success) throw new Error(`--password ${password.error.issues[0]?.message}\n${usage}`);

  const config = loadConfig();
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openEmbedded(config.dataDir);
  try {
    const admin = await insertAccount(database.db, 'admin', {
      name: values.name ?? 'Admin',
      email: email.data,
      password: passwordAsSentByClient(password.data, config.hashPwClient),
      verifiedEmail: true,
    });
    console.log(`Admin ${admin.email} created.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
