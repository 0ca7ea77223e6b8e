import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupRefusal, commandLine, restoreBackup } from '../platform/backup';

const usage = 'Usage: npm run restore -- BACKUP_DIR [--force]   (--force replaces a database and storage that are not empty)';

/**
 * `npm run restore -- DIR`: checks the backup against its manifest, then restores it into the
 * configured (empty) database and storage (decision 059).
 */
async function main() {
  const { positionals, values } = commandLine(
    () => parseArgs({ allowPositionals: true, options: { force: { type: 'boolean', default: false } } }),
    usage,
  );
  if (positionals.length !== 1) throw new BackupRefusal(usage);
  const source = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const manifest = await restoreBackup(loadConfig(), source, { force: values.force });
  console.log(
    `Restored the backup of ${manifest.createdAt} (migration ${manifest.migrations.last}, ${manifest.files.count} stored file(s)); ` +
      'start the site to use it.',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupRefusal ? error.message : error);
  process.exit(1);
});
