import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';

/**
 * `npm run openapi -w @limelight/api`: writes the OpenAPI document the API serves at
 * /api/docs/json to standard output, built from the routes as they are in this checkout (on a
 * throwaway embedded database, so no server or configuration is needed). The web app's client is
 * generated from it (scripts/api-client.mjs).
 */
async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-openapi-'));
  try {
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'error' }));
    await app.ready();
    process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
    await app.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
