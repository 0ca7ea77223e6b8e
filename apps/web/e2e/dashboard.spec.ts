import type { CreatorDashboard } from '@limelight/contracts';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import {
  accounts,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  logIn,
  newFan,
  subscribeFromWallet,
  test,
  tokenOf,
  topUpByCard,
} from './fixtures';

const tokens = (amount: number) => `${amount.toFixed(2)} ${amount === 1 ? 'token' : 'tokens'}`;

async function dashboardOf(request: APIRequestContext, auth: Record<string, string>) {
  const response = await request.get('/api/performer/dashboard', { headers: auth });
  expect(response.status()).toBe(200);
  return (await response.json()) as CreatorDashboard;
}

/** A new fan with 25 tokens who follows, subscribes to and tips the creator, all through the API. */
async function fanSupports(request: APIRequestContext, creatorId: string) {
  const account = await newFan(request);
  const auth = await tokenOf(request, account.username, account.password);
  await topUpByCard(request, auth, 25);
  expect((await request.post(`/api/follows/${creatorId}`, { headers: auth })).status()).toBe(200);
  await subscribeFromWallet(request, auth, creatorId);
  const tip = await request.post(`/api/wallet/charges/tip/${creatorId}`, { headers: auth, data: { price: 10 } });
  expect(tip.status(), await tip.text()).toBe(200);
}

/** axe on the dashboard as it is now, and a screenshot of it kept with the run. */
async function checkAndKeep(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.getByTestId('dashboard-today-value')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath(`dashboard-${name}.png`), fullPage: true });
}

test('a creator opens the dashboard from the nav and sees what a fan just did; quick actions lead on; light and dark, phone and desktop', async ({
  page,
  request,
}, testInfo) => {
  const creatorAuth = await tokenOf(request, accounts.creator, DEMO_PASSWORD);
  const creatorId = (await (await request.get('/api/users/me', { headers: creatorAuth })).json())._id as string;
  const before = await dashboardOf(request, creatorAuth);
  await fanSupports(request, creatorId);
  const after = await dashboardOf(request, creatorAuth);
  // The subscription and the tip, each net of the platform's share, as the earnings list has them.
  const newest = await request.get('/api/performer/earning/search?limit=2&sortBy=createdAt&sort=desc', { headers: creatorAuth });
  const earned = ((await newest.json()).data as Array<{ net: number }>).reduce((sum, row) => sum + row.net, 0);
  expect(after.earnings.today).toBeCloseTo(before.earnings.today + earned, 2);
  expect(after.followers.today).toBe(before.followers.today + 1);
  expect(after.subscribers.today).toBe(before.subscribers.today + 1);

  await page.setViewportSize({ width: 1280, height: 900 });
  // Logging in still lands on the creator's own page (spec 2); the dashboard is a click away.
  await logIn(page, accounts.creator);
  await expect(page).toHaveURL(/\/avastone$/);
  await page.locator('.site-nav').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/creator\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByTestId('dashboard-today-value')).toHaveText(tokens(after.earnings.today));
  await expect(page.getByTestId('dashboard-followers-value')).toHaveText(String(after.followers.last30Days));
  await expect(page.getByTestId('dashboard-subscribers-value')).toHaveText(String(after.subscribers.last30Days));
  // Each figure is a link named by what it shows, to its detailed screen.
  await expect(page.getByRole('link', { name: `Earned today ${tokens(after.earnings.today)}` })).toHaveAttribute(
    'href',
    '/creator/earnings',
  );
  await expect(page.getByTestId('dashboard-subscribers')).toHaveAttribute('href', '/creator/subscribers');
  await checkAndKeep(page, testInfo, '1280-light');
  await page.getByTestId('theme-toggle').click();
  await checkAndKeep(page, testInfo, '1280-dark');

  // On a phone: the drawer holds the same groups, and `/` (the logo) brings the creator back here.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.locator('.ant-drawer');
  for (const entry of ['Dashboard', 'Posts', 'Go live', 'Subscribers', 'Earnings', 'Payouts']) {
    await expect(drawer.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await drawer.getByRole('link', { name: 'Earnings', exact: true }).click();
  await expect(page).toHaveURL(/\/creator\/earnings$/);
  await page.getByRole('link', { name: /home$/ }).click();
  await expect(page).toHaveURL(/\/creator\/dashboard$/);
  await checkAndKeep(page, testInfo, '375-dark');
  await page.getByTestId('theme-toggle').click();
  await checkAndKeep(page, testInfo, '375-light');

  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page).toHaveURL(/\/creator\/posts\/new$/);
});
