import { expect, expectAccessible, newFan, signIn, test } from './fixtures';

test('a creator messages all their followers at once, sees it delivered, and unsends it', async ({ page, browser }) => {
  // Two people, a delivery and two accessibility checks: longer than the default on a loaded machine.
  test.setTimeout(60_000);
  const tag = `${Date.now().toString(36)}`;
  // A new fan follows Rio.
  const fanContext = await browser.newContext({ reducedMotion: 'reduce' });
  const fan = await fanContext.newPage();
  const account = await newFan(fan.request);
  await signIn(fan, account.username, account.password);
  await fan.goto('/riovega');
  await fan.getByRole('button', { name: 'Follow' }).click();
  await expect(fan.getByRole('button', { name: 'Following' })).toBeVisible();

  await signIn(page, 'riovega');
  await page.goto('/creator/mass-messages');
  await page.getByText('Followers', { exact: true }).click();
  await page.getByLabel('Message', { exact: true }).fill(`New set this weekend ${tag}`);
  await page.getByRole('button', { name: 'Send to followers' }).click();
  await expect(page.getByText(/Sending to \d+ fans?/)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `New set this weekend ${tag}` });
  await expect(row.getByText('Sent', { exact: true })).toBeVisible();
  await expectAccessible(page);

  // The fan has it in their own conversation with Rio.
  await fan.goto('/messages');
  await fan.getByRole('button', { name: /Rio Vega/ }).click();
  await expect(fan.getByTestId('message').filter({ hasText: `New set this weekend ${tag}` })).toBeVisible();

  await row.getByRole('button', { name: 'Unsend' }).click();
  await page.getByRole('button', { name: 'Unsend', exact: true }).last().click();
  await expect(row.getByText('Unsent', { exact: true })).toBeVisible();
  await expect(fan.getByTestId('message').filter({ hasText: 'Message deleted!' })).toBeVisible();
  await fanContext.close();

  // On a phone the audiences fit the screen, in light and dark.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByText('Subscribers and followers', { exact: true })).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await expectAccessible(page);
});
