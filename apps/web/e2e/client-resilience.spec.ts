import { generateVideo } from '../../api/test/media';
import { accounts, DEMO_PASSWORD, expect, expectAccessible, logIn, setSettingAsAdmin, test, tokenOf } from './fixtures';

declare global {
  interface Window {
    sameDocument?: boolean;
    flickered?: boolean;
  }
}

const sizes = [
  { name: 'phone', width: 375, height: 800 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

for (const size of sizes) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test(`a signed-in page whose account fails to load says so, retries by itself and recovers without a reload (${size.name})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await logIn(page, accounts.fan);
      // Whatever the page says in its console, printed with a failure seen only in a full run.
      const consoleLines: string[] = [];
      page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
      let failures = 0;
      let serverBack = false;
      await page.route('**/api/users/me', async (route) => {
        if (serverBack) return route.continue();
        failures += 1;
        // What a crashed server might answer: nothing of it is for people.
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'relation "users" does not exist' }),
        });
      });
      await page.goto('/user/wallet');
      await page.evaluate(() => {
        window.sameDocument = true;
      });

      const unavailable = page.getByTestId('session-unavailable');
      await expect(unavailable).toContainText('Your account could not be loaded');
      // From now on the screen stays put through each try: no spinner in its place, even for a moment.
      await page.evaluate(() => {
        new MutationObserver(() => {
          if (document.querySelector('.page-loading')) window.flickered = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      await expect(unavailable).toContainText(/Trying again/);
      // A session is held: nothing offers to log in, and the server's words stay out of sight.
      await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
      await expect(page.getByText('relation "users"')).toHaveCount(0);
      await expectAccessible(page);
      // Retry asks at once; the back-off asks again by itself meanwhile.
      const before = failures;
      await page.getByRole('button', { name: 'Retry' }).click();
      await expect.poll(() => failures).toBeGreaterThan(before);
      await expect.poll(() => failures, { timeout: 10_000 }).toBeGreaterThan(before + 1);
      await expect(unavailable).toBeVisible();
      expect(await page.evaluate(() => window.flickered)).toBeUndefined();
      // The server comes back: the next try by itself (at most 30 s away) loads the account, on the same page.
      serverBack = true;
      const answers: number[] = [];
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/users/me') answers.push(response.status());
      });
      await expect(page.getByTestId('account-menu'))
        .toBeVisible({ timeout: 35_000 })
        .catch(async (error: Error) => {
          // What the page showed and what the server answered, for a failure seen only in a full run.
          const screen = (await page.locator('body').innerText()).slice(0, 600);
          throw new Error(
            `${error.message}\n/users/me answered: [${answers.join(', ')}] at ${page.url()}\nscreen: ${screen}\nconsole: ${consoleLines.slice(-20).join('\n')}`,
          );
        });
      await expect(page).toHaveURL(/\/user\/wallet$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => window.sameDocument)).toBe(true);
    });

    test(`a video post still processing becomes playable on the page without a reload (${size.name})`, async ({ page }) => {
      test.setTimeout(120_000);
      const [longer, video] = await Promise.all([generateVideo(180), generateVideo(5)]);
      await logIn(page, accounts.creator);
      const headers = await tokenOf(page.request, accounts.creator, DEMO_PASSWORD);
      // The server works one media job at a time: a longer clip uploaded first keeps this post's
      // video waiting, so the page is drawn while it is still processing, however fast the machine.
      const first = await page.request.post('/api/performer/feeds/video/upload', {
        headers,
        multipart: { file: { name: 'longer.mov', mimeType: 'video/quicktime', buffer: longer } },
      });
      expect(first.status()).toBe(200);
      const uploaded = await page.request.post('/api/performer/feeds/video/upload', {
        headers,
        multipart: { file: { name: 'clip.mov', mimeType: 'video/quicktime', buffer: video } },
      });
      expect(uploaded.status()).toBe(200);
      const file = await uploaded.json();
      const created = await page.request.post('/api/performer/feeds', {
        headers,
        data: { type: 'video', text: 'Fresh from the camera', fileIds: [file._id] },
      });
      expect(created.status()).toBe(200);
      const feed = await created.json();

      await page.goto(`/post/${feed._id}`);
      await page.evaluate(() => {
        window.sameDocument = true;
      });
      const card = page.getByTestId('feed-card');
      await expect(card.getByRole('status').filter({ hasText: 'Processing video…' })).toBeVisible();
      // The real ffmpeg job finishes in the worker; the page asks the status endpoint until it has.
      const player = card.locator('video');
      await expect(player).toHaveAttribute('src', /\/api\/media\/protected\/videos\/.+\.mp4/, { timeout: 90_000 });
      await expect(card.getByText('Processing video…')).toHaveCount(0);
      expect(await page.evaluate(() => window.sameDocument)).toBe(true);
    });
  });
}

test('a fan signed in before maintenance began sees the maintenance page and keeps the session for after', async ({ page, browser }) => {
  await logIn(page, accounts.fan);
  const admin = await browser.newPage();
  await setSettingAsAdmin(admin, 'maintenanceMode', true);
  try {
    // The API holds the fan out too (503), and the page says maintenance, not a failed account.
    const me = await page.request.get('/api/users/me');
    expect(me.status()).toBe(503);
    await page.goto('/home');
    await expect(page.getByTestId('maintenance-page')).toBeVisible();
    await expect(page.getByTestId('session-unavailable')).toHaveCount(0);
  } finally {
    await setSettingAsAdmin(admin, 'maintenanceMode', false);
    await admin.close();
  }
  await page.goto('/home');
  await expect(page.getByTestId('account-menu')).toBeVisible();
});
