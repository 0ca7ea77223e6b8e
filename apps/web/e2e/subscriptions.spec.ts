import { DEMO_PASSWORD, expect, expectAccessible, newFan, signIn, subscribeFromWallet, test, tokenOf, topUpByCard } from './fixtures';

test('a fan turns renewal off, then back on, without paying again; Subscribe gives way to the free switch', async ({ page }) => {
  test.setTimeout(90_000);
  const creatorAuth = await tokenOf(page.request, 'leohart', DEMO_PASSWORD);
  const creatorId = (await (await page.request.get('/api/users/me', { headers: creatorAuth })).json())._id as string;
  const account = await newFan(page.request);
  const auth = await tokenOf(page.request, account.username, account.password);
  await topUpByCard(page.request, auth, 50);
  await subscribeFromWallet(page.request, auth, creatorId);
  const balance = async () => (await (await page.request.get('/api/users/me', { headers: auth })).json()).balance as number;
  const paid = await balance();
  await signIn(page, account.username, account.password);

  await page.goto('/user/subscriptions');
  const row = page.getByRole('row').filter({ hasText: 'Leo Hart' });
  await row.getByRole('button', { name: 'Turn off renewal' }).click();
  const confirm = page.getByRole('tooltip');
  await expect(confirm).toContainText('Turn off renewal?');
  await expect(confirm).toContainText(/You keep access until .+; nothing more is charged/);
  await expect(confirm.getByRole('button', { name: 'Keep subscription' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Turn off renewal' }).click();
  await expect(page.getByText(/Renewal turned off: access lasts until/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Turn renewal back on' })).toBeVisible();

  // On the creator's page (a phone), Subscribe gives way to the switch while the period runs.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/leohart');
  await expect(page.getByText(/Renewal is off: access ends .+ nothing is charged now/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Subscribe for 1 month' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Turn renewal back on' }).click();
  await expect(page.getByText(/Renewal back on: it renews on .+, nothing is charged now/)).toBeVisible();
  await expect(page.getByText('You are subscribed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn renewal back on' })).toHaveCount(0);
  expect(await balance()).toBe(paid);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/user/subscriptions');
  await expect(row.getByRole('button', { name: 'Turn off renewal' })).toBeVisible();
});
