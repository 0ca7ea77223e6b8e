import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const include = ['src/**/*.test.ts', 'test/**/*.test.ts', '../../packages/contracts/src/**/*.test.ts'];

/**
 * What changes a process for good: a mocked or stubbed module, global or variable, and starting
 * OpenTelemetry's SDK (its tracer is global); and a file that says `@own-process` (one that
 * compares times, which other files' garbage in the same process would blur). A test file that
 * does any of these runs in a process of its own, found by reading the files, so a new one needs
 * no list kept by hand.
 */
const CHANGES_THE_PROCESS = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(|@opentelemetry\/sdk-node|@own-process/;
const ownProcess = ['src', 'test']
  .flatMap((folder) => fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).map((file) => path.join(folder, file)))
  .filter((file) => file.endsWith('.test.ts') && CHANGES_THE_PROCESS.test(fs.readFileSync(file, 'utf8')));

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // The rest share their worker's loaded modules from one file to the next: each file builds its
        // own app on its own database, and loading the app's modules again for every file cost a
        // fifth of the suite's time (decision 069).
        test: { name: 'api', include, exclude: ownProcess, isolate: false },
      },
      { extends: true, test: { name: 'api-own-process', include: ownProcess } },
    ],
  },
});
