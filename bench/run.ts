// `npm run bench -- <name>` runs bench/<name>.ts, which prints its figures.
import { readdirSync } from 'node:fs';
import path from 'node:path';

const available = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts' && file !== 'lib.ts')
  .map((file) => path.basename(file, '.ts'));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- <name>\nBenchmarks: ${available.join(', ')}`);
  process.exit(1);
}
await import(`./${name}.ts`);
