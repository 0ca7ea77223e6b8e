import type { Page } from '@playwright/test';
import { accessibleInBothThemes, accounts, expect, setSettingAsAdmin, signIn, test } from './fixtures';

/**
 * Decision 078: with a measurement id set (`gaCode`), Google Analytics loads only after the
 * visitor accepts, once the page is idle, never on admin pages; every page the router opens is
 * reported. The tests have no internet, so Google's hosts answer from here: the tag is a stand-in
 * doing what matters of gtag.js for these tests, reading the queue the page left in `dataLayer`
 * and sending each event to the collection host as a hit (event name, page), and writing the
 * `_ga` cookie. The site's real Content-Security-Policy applies to both.
 */
const MEASUREMENT_ID = 'G-E2ETEST01';
const CONSENT_KEY = 'limelight-analytics-consent';
const STAND_IN_TAG = `(() => {
  document.cookie = '_ga=GA1.1.1234.5678; Path=/; Max-Age=3600';
  const send = (command) => {
    if (command[0] !== 'event') return;
    const page = (command[2] && command[2].page_location) || '';
    fetch('https://region1.google-analytics.com/g/collect?en=' + encodeURIComponent(command[1]) + '&dl=' + encodeURIComponent(page), {
      method: 'POST',
      mode: 'no-cors',
      keepalive: true,
    });
  };
  const queue = window.dataLayer;
  Array.prototype.forEach.call(queue, send);
  queue.push = (...commands) => {
    commands.forEach(send);
    return Array.prototype.push.apply(queue, commands);
  };
})();`;

/** Answers for Google's hosts, and every request the page makes to them, in order. */
async function googleHosts(page: Page) {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (/^https:\/\/[^/]*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)\//.test(request.url())) {
      requests.push(request.url());
    }
  });
  await page.route(/^https:\/\/www\.googletagmanager\.com\//, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: STAND_IN_TAG }),
  );
  await page.route(/^https:\/\/[^/]*(google-analytics\.com|analytics\.google\.com)\//, (route) => route.fulfill({ status: 204 }));
  return requests;
}

const tagLoads = (requests: string[]) => requests.filter((url) => url === `https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`);
/** The page of each page_view hit: its path and query. */
const pageViews = (requests: string[]) =>
  requests
    .map((url) => new URL(url).searchParams)
    .filter((params) => params.get('en') === 'page_view')
    .map((params) => new URL(params.get('dl')!))
    .map((page) => `${page.pathname}${page.search}`);

/** Past the moment analytics would start: the page loaded, its main thread went idle, and the network settled. */
async function pastIdle(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 4000 })));
  await page.waitForLoadState('networkidle');
}

const bannerOf = (page: Page) => page.getByRole('region', { name: 'Analytics cookies' });

test.beforeEach(async ({ page }) => {
  await setSettingAsAdmin(page, 'gaCode', MEASUREMENT_ID);
});

test.afterAll(async ({ browser }) => {
  const page = await browser.newPage();
  await setSettingAsAdmin(page, 'gaCode', '');
  await page.close();
});

test('a visitor is asked once; the tag loads only after Accept and reports each page the router opens', async ({ page }) => {
  const google = await googleHosts(page);
  await page.goto('/explore?q=my+words&utm_source=e2e');
  const banner = bannerOf(page);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Nothing is sent to Google unless you accept.');
  expect(google, 'nothing before consent').toEqual([]);

  await banner.getByRole('button', { name: 'Accept analytics' }).click();
  await expect(banner).toBeHidden();
  // Reported without the query but for its campaign parameters: a search's words stay here.
  await expect.poll(() => pageViews(google)).toEqual(['/explore?utm_source=e2e']);
  expect(tagLoads(google)).toHaveLength(1);

  // A client-side navigation: the same document (what it holds survives), one more page_view, the tag not loaded again.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect.poll(() => pageViews(google)).toEqual(['/explore?utm_source=e2e', '/contact']);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(tagLoads(google)).toHaveLength(1);

  // The answer is kept: the next visit measures without asking.
  await page.reload();
  await expect.poll(() => pageViews(google)).toEqual(['/explore?utm_source=e2e', '/contact', '/contact']);
  await expect(banner).toBeHidden();
});

test('after Decline nothing loads, even on reload; Cookie settings changes the choice by keyboard', async ({ page, context }) => {
  const google = await googleHosts(page);
  await page.goto('/auth/login');
  const banner = bannerOf(page);
  await banner.getByRole('button', { name: 'Decline' }).press('Enter');
  await expect(banner).toBeHidden();
  await page.reload();
  await pastIdle(page);
  await expect(banner).toBeHidden();
  expect(google).toEqual([]);

  // Opened from the footer, the banner takes the focus, says what was chosen, and gives it back once answered.
  const cookieSettings = page.getByRole('button', { name: 'Cookie settings' });
  await cookieSettings.press('Enter');
  await expect(banner).toBeFocused();
  await expect(banner).toContainText('You have declined.');
  await banner.getByRole('button', { name: 'Accept analytics' }).press('Enter');
  await expect(banner).toBeHidden();
  await expect(cookieSettings).toBeFocused();
  await expect.poll(() => pageViews(google)).toEqual(['/auth/login']);
  await expect.poll(async () => (await context.cookies()).map((cookie) => cookie.name)).toContain('_ga');

  // Declined again: its cookie goes, and the pages opened next are not reported.
  await cookieSettings.press('Enter');
  await expect(banner).toContainText('You have accepted.');
  await banner.getByRole('button', { name: 'Decline' }).press('Enter');
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('_ga');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await pastIdle(page);
  expect(pageViews(google)).toEqual(['/auth/login']);
});

test('admin pages never load or report it, and the admin form names the id it expects', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, 'granted'), CONSENT_KEY);
  const google = await googleHosts(page);
  await signIn(page, accounts.admin);

  // Measured on a public page; the router's way into the admin area reports nothing there.
  await page.goto('/explore');
  await expect.poll(() => pageViews(google)).toEqual(['/explore']);
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await expect(page).toHaveURL(/\/admin/);
  await pastIdle(page);
  expect(pageViews(google)).toEqual(['/explore']);

  // Opened directly, an admin page loads nothing of it at all.
  google.length = 0;
  await page.goto('/admin/settings?group=analytics');
  const field = page.getByTestId('setting-gaCode');
  await expect(field).toBeVisible();
  await pastIdle(page);
  expect(google).toEqual([]);
  await expect(bannerOf(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0);

  await field.getByRole('textbox').fill('UA-12345-1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(field).toContainText('must be a Google Analytics 4 measurement id such as G-XXXXXXXXXX, or empty');
  expect((await (await page.request.get('/api/settings/public')).json()).gaCode).toBe(MEASUREMENT_ID);
});

test('without a measurement id there is no banner, no Cookie settings and no tag', async ({ page }) => {
  await setSettingAsAdmin(page, 'gaCode', '');
  const google = await googleHosts(page);
  await page.goto('/explore');
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await pastIdle(page);
  await expect(bannerOf(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cookie settings' })).toHaveCount(0);
  expect(google).toEqual([]);
});

test('the banner reads in both themes on a phone and a desktop, clear of the page it sits over', async ({ page }) => {
  await googleHosts(page);
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/auth/login');
    const banner = bannerOf(page);
    await expect(banner).toBeVisible();
    await accessibleInBothThemes(page);
    // The page's main action is not under it.
    const logIn = await page.getByRole('button', { name: 'Log in' }).boundingBox();
    const box = await banner.boundingBox();
    expect(logIn!.y + logIn!.height, `${viewport.width} px`).toBeLessThanOrEqual(box!.y);
    // At the end of the page it sits after the footer: the footer's last action can be clicked.
    await page.getByRole('button', { name: 'Cookie settings' }).click({ trial: true });
  }
});
