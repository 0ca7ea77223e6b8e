import type { Browser, Page, TestInfo } from '@playwright/test';
import { accounts, chooseTheme, DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures';

/**
 * Issue 18's accessibility acceptance: each page below, as the account it is for, in the light and
 * dark themes, on a phone and a desktop, has one h1 and no serious or critical axe finding (colour
 * contrast included), and leaves a full-page screenshot (`<name>-<theme>-<width>.png`) among the
 * test's artefacts for review (see `keepScreenshots`). A page is one line here.
 */
type Who = 'visitor' | 'fan' | 'creator' | 'admin';
const pages: { name: string; path: string; who: Who }[] = [
  { name: 'visitor-home', path: '/', who: 'visitor' },
  { name: 'explore', path: '/explore', who: 'visitor' },
  { name: 'login', path: '/auth/login', who: 'visitor' },
  { name: 'register', path: '/auth/register', who: 'visitor' },
  { name: 'profile-visitor', path: `/${accounts.creator}`, who: 'visitor' },
  { name: 'profile-fan', path: `/${accounts.creator}`, who: 'fan' },
  { name: 'fan-home', path: '/home', who: 'fan' },
  { name: 'wallet', path: '/user/wallet', who: 'fan' },
  { name: 'messages', path: '/messages', who: 'fan' },
  { name: 'creator-dashboard', path: '/creator/dashboard', who: 'creator' },
  { name: 'creator-posts', path: '/creator/posts', who: 'creator' },
  { name: 'new-post', path: '/creator/posts/new', who: 'creator' },
  { name: 'admin-settings', path: '/admin/settings', who: 'admin' },
  { name: 'admin-admins', path: '/admin/admins', who: 'admin' },
];

const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

/** One login per account for the whole file: the session token, set as the server's HttpOnly cookie. */
const tokens = new Map<Who, string>();
async function tokenFor(browser: Browser, who: Exclude<Who, 'visitor'>, baseURL: string) {
  const known = tokens.get(who);
  if (known) return known;
  const context = await browser.newContext({ baseURL });
  const credentials = who === 'admin' ? { email: accounts.admin } : { username: who === 'creator' ? accounts.creator : accounts.fan };
  const response = await context.request.post('/api/auth/login', { data: { ...credentials, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  const { token } = await response.json();
  await context.close();
  tokens.set(who, token);
  return token as string;
}

/** Loaded: the page is in place and nothing in it is still a skeleton or a spinner. */
async function waitUntilLoaded(page: Page) {
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('main :is(h1, h2, h3, form, .ant-card, .ant-empty)').first()).toBeVisible();
  await expect(page.locator('.ant-skeleton, .page-loading, .ant-spin-spinning')).toHaveCount(0);
}

/**
 * For a person reviewing the pages: on a developer's run, or in CI when E2E_SCREENSHOTS is set (a
 * full-page capture costs seconds in a software-rendered browser, and CI keeps no artefacts of a
 * passing test).
 */
const keepScreenshots = !process.env.CI || !!process.env.E2E_SCREENSHOTS;

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  if (!keepScreenshots) return;
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

for (const entry of pages) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${entry.name} (${entry.path} as ${entry.who}) reads in the ${theme} theme on a phone and a desktop`, async ({
      browser,
      baseURL,
      context,
      page,
    }, testInfo) => {
      if (entry.who !== 'visitor') {
        const token = await tokenFor(browser, entry.who, baseURL as string);
        // As the server sets them at sign-in: the token out of script's reach, and the hint that someone is signed in.
        await context.addCookies([
          { name: 'token', value: token, url: baseURL as string, httpOnly: true },
          { name: 'signed_in', value: '1', url: baseURL as string },
        ]);
      }
      await chooseTheme(context, theme);
      for (const width of widths) {
        await page.setViewportSize(width.viewport);
        await page.goto(entry.path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await waitUntilLoaded(page);
        await screenshot(page, testInfo, `${entry.name}-${theme}-${width.name}`);
        // Soft, so that one run names every finding (a missing heading, axe's) at both widths.
        await expect.soft(page.locator('h1'), 'one h1 per page').toHaveCount(1);
        await expectAccessible(page, { soft: true });
      }
    });
  }
}
