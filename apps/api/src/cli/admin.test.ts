import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';

const run = promisify(execFile);
const apiDir = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run admin -- …` as an operator would, on an embedded database of its own. */
async function adminCli(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, INIT_CWD: '' };
  delete env.DATABASE_URL;
  return run('node', ['--import', 'tsx', 'src/cli/admin.ts', ...args], { cwd: apiDir, env }).then(
    (result) => ({ code: 0, ...result }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

// Each case starts CLI processes that create or open an embedded database (initdb takes seconds).
describe('npm run admin -- create', { timeout: 90_000 }, () => {
  it('creates an admin who can log in', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-cli-'));
    try {
      const created = await adminCli(dataDir, 'create', '--email', 'Boss@Example.test', '--password', 'boss-password-1');
      expect(created.stdout).toContain('Admin boss@example.test created.');
      const duplicate = await adminCli(dataDir, 'create', '--email', 'boss@example.test', '--password', 'boss-password-1');
      expect(duplicate.code).not.toBe(0);
      expect(duplicate.stderr).toContain('email is already taken');

      const app = await buildApp({
        ...loadConfig({ LOG_LEVEL: 'silent' }),
        dataDir,
        databaseUrl: undefined,
        prettyLogs: false,
        seedDemo: false,
      });
      try {
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'boss@example.test', password: 'boss-password-1' },
        });
        const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${login.json().token}` } });
        expect(me.json()).toMatchObject({ role: 'admin', isAdmin: true, email: 'boss@example.test' });
      } finally {
        await app.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('explains its usage and refuses a short password', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-cli-'));
    try {
      expect((await adminCli(dataDir, 'delete')).stderr).toContain('Usage: npm run admin -- create --email E --password P');
      expect((await adminCli(dataDir, 'create', '--email', 'a@b.test', '--password', 'short')).stderr).toContain(
        '--password must be at least 8 characters',
      );
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
