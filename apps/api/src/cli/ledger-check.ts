import { loadConfig } from '../config';
import { openEmbedded, openPostgres } from '../db/client';
import { checkLedger } from '../platform/ledger-check';

/**
 * `npm run ledger:check`: verifies every money invariant on the configured database (the
 * embedded one in DATA_DIR, or DATABASE_URL) and exits non-zero on a violation.
 */
async function main() {
  const config = loadConfig();
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl) : await openEmbedded(config.dataDir);
  try {
    const violations = await checkLedger(database.db);
    if (violations.length) {
      console.error(`The ledger breaks ${violations.length} rule(s):\n${violations.map((line) => `- ${line}`).join('\n')}`);
      process.exitCode = 1;
    } else console.log('The ledger is sound: every journal balances and every cached balance matches its entries.');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
