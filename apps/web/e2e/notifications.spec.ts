import { DEMO_PASSWORD, expect, expectAccessible, newFan, signIn, subscribeFromWallet, test, tokenOf, topUpByCard } from './fixtures';

test('a creator’s bell counts a new follower without a reload; reading lowers it; a kind switched off stays quiet', async ({
  page,
  browser,
}) => {
  // Three people and a settings round trip: longer than the default on a loaded machine.
  test.setTimeout(60_000);
  await signIn(page, 'leohart');
  await page.goto('/creator/account?tab=notifications');
  const bell = page.getByTestId('notification-bell');
  // Start from nothing unread, whatever other tests left.
  await bell.click();
  const markAll = page.getByRole('tooltip').getByRole('button', { name: 'Mark all read' });
  if (await markAll.isEnabled()) await markAll.click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();

  const fanContext = await browser.newContext({ reducedMotion: 'reduce' });
  const fan = await fanContext.newPage();
  const account = await newFan(fan.request);
  await signIn(fan, account.username, account.password);
  await fan.goto('/leohart');
  await fan.getByRole('button', { name: 'Follow' }).click();

  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  // The count sits on the button's corner, clear of the bell it counts for.
  const icon = await bell.locator('.anticon-bell').boundingBox();
  const count = await page.locator('.ant-badge', { has: bell }).locator('.ant-badge-count').boundingBox();
  expect(icon && count && (count.y + count.height <= icon.y + 1 || count.x >= icon.x + icon.width - 1)).toBe(true);
  await bell.click();
  const item = page.getByRole('tooltip').getByRole('button', { name: /Social Fan started following you/ });
  await expect(item).toBeVisible();
  await item.click();
  await expect(bell).toHaveAccessibleName('Notifications');

  // New followers switched off in the app: the next follow says nothing.
  await page.goto('/creator/account?tab=notifications');
  await page.getByRole('switch', { name: 'New followers in the app' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  const second = await fanContext.newPage();
  const other = await newFan(second.request);
  // A name of its own: other specs' fans follow Leo too, as "Social Fan".
  const quiet = `Quiet Fan ${Date.now().toString(36)}`;
  const renamed = await second.request.put('/api/users', {
    headers: await tokenOf(second.request, other.username, other.password),
    data: { name: quiet },
  });
  expect(renamed.status()).toBe(200);
  await signIn(second, other.username, other.password);
  await second.goto('/leohart');
  await second.getByRole('button', { name: 'Follow' }).click();
  await expect(second.getByRole('button', { name: 'Following' })).toBeVisible();
  await page.goto('/notifications');
  await expect(page.getByRole('button', { name: /Social Fan started following you/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(`${quiet} started following you`) })).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');
  await expectAccessible(page);
  // Put it back for the other tests.
  await page.goto('/creator/account?tab=notifications');
  await page.getByRole('switch', { name: 'New followers in the app' }).click();
  await expect(page.getByText('Notification settings saved')).toBeVisible();
  await fanContext.close();
});

test('the notifications page shows all or only unread, kept in the URL, on a phone and in dark', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await newFan(page.request);
  await signIn(page, account.username, account.password);
  await page.goto('/notifications?filter=unread');
  await expect(page.getByText('You have read everything')).toBeVisible();
  await page.getByText('All', { exact: true }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByText('Nothing has happened yet')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The bell's panel stays on the screen, "See all" included.
  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('tooltip').getByRole('link', { name: 'See all' })).toBeInViewport({ ratio: 1 });
  const panel = await page.getByRole('tooltip').boundingBox();
  expect(panel && panel.x >= 0 && panel.x + panel.width <= 375).toBe(true);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expectAccessible(page);
});

test('a fan’s settings list a fan’s kinds only, and a subscribed creator’s new post rings their bell without a reload', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const creatorAuth = await tokenOf(page.request, 'leohart', DEMO_PASSWORD);
  const creatorId = (await (await page.request.get('/api/users/me', { headers: creatorAuth })).json())._id as string;
  const account = await newFan(page.request);
  const auth = await tokenOf(page.request, account.username, account.password);
  await topUpByCard(page.request, auth, 20);
  await subscribeFromWallet(page.request, auth, creatorId);
  await signIn(page, account.username, account.password);

  await page.goto('/user/account');
  await expect(page.getByRole('cell', { name: 'New posts from creators you subscribe to', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Refunds', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Tips', exact: true })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'New followers', exact: true })).toHaveCount(0);

  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName('Notifications');
  const text = `Studio news ${Date.now().toString(36)}`;
  expect((await page.request.post('/api/performer/feeds', { headers: creatorAuth, data: { type: 'text', text } })).status()).toBe(200);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 15_000 });
  await bell.click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: new RegExp(`Leo Hart posted: ${text}`) })
    .click();
  await expect(page).toHaveURL(/\/post\//);
  await expect(page.getByTestId('feed-card').getByText(text)).toBeVisible();
});
