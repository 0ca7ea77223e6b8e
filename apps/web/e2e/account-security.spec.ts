import { expect, expectAccessible, logIn, newFan, signIn, test } from './fixtures';

test('a fan changes the sign-in e-mail only with the password, and sees the change wait for confirmation', async ({ page }) => {
  const fan = await newFan(page.request);
  await signIn(page, fan.username, fan.password);
  await page.goto('/user/account');
  await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(1); // the password card's only

  await page.getByLabel('E-mail', { exact: true }).fill(`new_${fan.email}`);
  const profile = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save changes' }) });
  await expect(profile.getByLabel('Current password')).toBeVisible();
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(profile.getByText('Enter your current password')).toBeVisible();
  await profile.getByLabel('Current password').fill('not-my-password');
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your current password is incorrect').first()).toBeVisible();

  await profile.getByLabel('Current password').fill(fan.password);
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`We sent a link to new_${fan.email}`)).toBeVisible();
  await expect(page.getByText(`Waiting for you to confirm new_${fan.email}`)).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(fan.email);
  await page.getByRole('button', { name: 'Cancel change' }).click();
  await expect(page.getByText('Waiting for you to confirm')).toHaveCount(0);
});

test('a stale confirmation link says so', async ({ page }) => {
  await page.goto('/auth/confirm-email-change?token=expired-or-made-up');
  await expect(page.getByText('This confirmation link is invalid or has expired')).toBeVisible();
});

test('a fan sees where they are signed in and signs out everywhere else, which ends the other browser at once', async ({
  page,
  browser,
}) => {
  const fan = await newFan(page.request);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logIn(other, fan.username, { password: fan.password });
  await signIn(page, fan.username, fan.password);

  await page.goto('/user/account');
  const sessions = page.locator('.ant-card').filter({ hasText: 'Where you are signed in' });
  await expect(sessions.getByText('This device')).toBeVisible();
  await expect(sessions.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(1);
  await sessions.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await page.getByRole('button', { name: 'Sign them out' }).click();
  await expect(page.getByText('Signed out of 1 other session')).toBeVisible();
  await expect(sessions.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);

  await other.reload();
  await expect(other).toHaveURL(/\/auth\/login/);
  await otherContext.close();
});

test('after many failed tries a new device is checked by e-mail, never locking the owner out, and a reset is offered', async ({ page }) => {
  const fan = await newFan(page.request);
  for (let i = 0; i < 6; i++) {
    await page.request.post('/api/auth/login', { data: { username: fan.username, password: `wrong-${i}` } });
  }
  // This browser never signed in to the account: the right password gets the same words as a
  // wrong one (the guesser learns nothing) and the owner a sign-in link by e-mail (decision 048).
  await logIn(page, fan.username, { password: fan.password, fails: true });
  await expect(page.getByText(/many failed sign-ins to this account, so we check new devices by e-mail/)).toBeVisible();
  await page.getByRole('link', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
});

// The known-devices card lays its rows out differently on a narrow screen: both are checked.
const views = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const view of views) {
  test(`a fan sees the devices they signed in from, with place and times, and forgets one (${view.name})`, async ({ page, browser }) => {
    await page.setViewportSize(view.viewport);
    const fan = await newFan(page.request);
    const otherContext = await browser.newContext();
    await logIn(await otherContext.newPage(), fan.username, { password: fan.password });
    await otherContext.close();
    await signIn(page, fan.username, fan.password);

    await page.goto('/account/security');
    const devices = page.locator('.ant-card').filter({ hasText: 'Devices you signed in from' });
    const forgetButtons = devices.getByRole('button', { name: 'Forget', exact: true });
    await expect(devices.getByText(/first seen .* last seen/).first()).toBeVisible();
    const before = await forgetButtons.count();
    expect(before).toBeGreaterThanOrEqual(2);
    await expectAccessible(page);
    await forgetButtons.first().click();
    await page.getByRole('button', { name: 'Forget it' }).click();
    await expect(page.getByText('Device forgotten: its next sign-in will be treated as new')).toBeVisible();
    await expect(forgetButtons).toHaveCount(before - 1);
  });
}
