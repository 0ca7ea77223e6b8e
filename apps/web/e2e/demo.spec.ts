// The product as a newcomer first meets it: `npm start` on an empty data directory (embedded
// database, demo on by default), started here as its own process beside the shared e2e server,
// which seeds accounts only. Decision 026.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, signIn, test } from './fixtures';
import { E2E_PORT } from './stack';

/** The shared e2e server and its fake Stripe take E2E_PORT and the next; this one the port after. */
const port = E2E_PORT + 2;
const url = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

let server: ChildProcess | undefined;
let dataDir: string;
let log = '';

test.describe.configure({ timeout: 60_000 });
test.use({ baseURL: url });

test.beforeAll(async () => {
  // A first start draws and processes the whole demo: minutes allowed on a loaded machine (the
  // time it takes is the first-start bench's figure, not this test's).
  test.setTimeout(240_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-e2e-demo-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    RTMP_PORT: '0',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    INIT_CWD: repoRoot,
  };
  // As `npm start` on a fresh checkout: the embedded database, no Redis, the demo by default.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'SEED_DEMO']) delete env[name];
  const child = spawn('node', ['--import', 'tsx', 'apps/api/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server = child;
  child.stdout.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  await expect
    .poll(
      () => {
        if (child.exitCode !== null) throw new Error(`npm start exited early:\n${log}`);
        return log.includes('Demo content ready');
      },
      { timeout: 230_000, intervals: [250] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a fresh npm start shows demo posts of every kind with images on the home page', async ({ page }) => {
  // The start names the demo logins, and made everything without a failure.
  expect(log).toContain('fiona');
  expect(log).toContain('avastone');
  expect(log).not.toContain('could not be created');
  expect(log).not.toContain('failed to process');

  await signIn(page, 'fiona');
  await page.goto('/home');
  const posts = page.getByTestId('feed-card');
  await expect(posts.first()).toBeVisible();

  // Stories of the creators Fiona follows.
  await expect(page.getByRole('button', { name: /^Stories of / }).nth(3)).toBeVisible();
  // A photo, a post of several photos, a video, audio and a poll she may see.
  await expect(posts.getByRole('img', { name: /^Photo by / }).first()).toBeVisible();
  await expect(posts.filter({ has: page.getByRole('img', { name: 'Photo 3' }) }).first()).toBeVisible();
  await expect(posts.getByLabel(/^Video by /).first()).toBeVisible();
  await expect(posts.getByLabel(/^Audio by /).first()).toBeVisible();
  await expect(posts.getByRole('button', { name: 'Cities at night' })).toBeVisible();
  // Locked: a paid post to unlock, and a subscribers' video behind its public teaser.
  await expect(posts.getByRole('button', { name: /Unlock for 6\.99 tokens/ })).toBeVisible();
  await expect(posts.getByText('Subscribe to see this video')).toBeVisible();
  await expect(posts.getByLabel('Teaser')).toBeVisible();
  // Bought earlier (Rio's paid photos): open, with its price still shown.
  await expect(posts.filter({ hasText: 'Backstage at the Friday show.' }).getByRole('img', { name: 'Photo 2' })).toBeVisible();

  // Every picture in the timeline actually loaded (signed thumbnails, public avatars).
  const pictures = posts.locator('img');
  expect(await pictures.count()).toBeGreaterThanOrEqual(10);
  await expect
    .poll(() =>
      pictures.evaluateAll((images) =>
        (images as HTMLImageElement[])
          .filter((image) => !(image.complete && image.naturalWidth > 0))
          .map((image) => image.alt || image.src),
      ),
    )
    .toEqual([]);
  // Kept for review beside the test's other output.
  await page.screenshot({ path: test.info().outputPath('fan-home.png'), fullPage: true });
});
