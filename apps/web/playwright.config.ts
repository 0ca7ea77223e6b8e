import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_PORT } from './e2e/stack';

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH points elsewhere. */
const executablePath =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => fs.existsSync(candidate));

export default defineConfig({
  testDir: 'e2e',
  // The tests share one server whose settings some of them change: one at a time.
  workers: 1,
  fullyParallel: false,
  timeout: 30_000,
  // In CI a failed test runs once more and, if it then passes, is reported as "flaky" in the list:
  // a timing flake on a loaded machine should be seen and fixed, not sink a whole run.
  retries: process.env.CI ? 1 : 0,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A trace records the page all along (screenshots and snapshots), which costs about a quarter of
    // the suite's time in CI: there it is taken on a failed test's retry only.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // As a person who asked for less motion: the app then skips its animations, and a click never
    // lands on a dialog still zooming open (a flaky test under load clicked one 75 ms in).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Live streaming and private shows (live.spec.ts): a fake camera and microphone allowed
        // without a prompt, video that plays without a click, and calls over loopback. Pages that
        // never ask for a camera or play media are not affected.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
        '--allow-loopback-in-peer-connection',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx e2e/server.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
