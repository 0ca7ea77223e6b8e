import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupRefusal, commandLine, createBackup } from '../platform/backup';

const usage = 'Usage: npm run backup -- [--out DIR]   (default: backups/limelight-<date>-<time>)';

/**
 * `npm run backup`: the database (embedded, with the site stopped, or PostgreSQL, live) and every
 * stored file (DATA_DIR/storage or S3) into one directory with a manifest (decision 059).
 */
async function main() {
  const { values } = commandLine(() => parseArgs({ options: { out: { type: 'string' } } }), usage);
  const config = loadConfig();
  const stamp = new Date().toISOString().replace(/\..*$/, '').replace(/[-:]/g, '').replace('T', '-');
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? path.join('backups', `limelight-${stamp}`));
  const manifest = await createBackup(config, target);
  const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
  console.log(
    `Backed up the ${manifest.database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database (${megabytes(manifest.database.bytes)}, ` +
      `migration ${manifest.migrations.last}) and ${manifest.files.count} stored file(s) (${megabytes(manifest.files.bytes)}) into ${target}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupRefusal ? error.message : error);
  process.exit(1);
});
