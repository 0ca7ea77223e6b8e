// Compiles the API to one JavaScript file, apps/api/dist/main.js, which `npm start` runs (tsx
// compiling TypeScript at run time cost memory and start time, decision 019). Our own code is
// bundled, the shared contracts' TypeScript sources included; packages in node_modules stay
// outside, loaded by Node as usual. With --if-stale it builds only when a source is newer than
// the last build, so a restart on an unchanged checkout costs nothing.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { isStale, root } from './stale.mjs';

const outDir = path.join(root, 'apps/api/dist');
const migrations = path.join(root, 'apps/api/src/db/migrations');
const sources = ['apps/api/src', 'packages/contracts/src', 'package-lock.json', 'scripts/build-api.mjs'];

if (!process.argv.includes('--if-stale') || isStale('apps/api/dist/main.js', sources)) {
  const started = performance.now();
  fs.rmSync(outDir, { recursive: true, force: true });
  await build({
    // telemetry.js is preloaded apart (`node --import`): it must run before main.js loads anything.
    entryPoints: [path.join(root, 'apps/api/src/main.ts'), path.join(root, 'apps/api/src/telemetry.ts')],
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Bare imports stay external except the workspace's contracts, which are TypeScript sources.
    packages: 'external',
    alias: { '@limelight/contracts': path.join(root, 'packages/contracts/src/index.ts') },
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // The bundle sits at apps/api/dist/, as the sources at apps/api/src/, so paths that code works
  // out from its own file (the repository root, the migrations folder beside the database client)
  // point to the same places; the migrations are copied beside it.
  fs.cpSync(migrations, path.join(outDir, 'migrations'), { recursive: true });
  console.log(`Built the API into apps/api/dist in ${Math.round(performance.now() - started)} ms`);
}
