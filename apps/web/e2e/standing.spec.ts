import { accounts, expect, expectAccessible, logIn, newFan, signIn, test } from './fixtures';

/** A date and time as the picker takes it ("YYYY-MM-DD HH:mm"), `days` from now, in the browser's zone (the machine's). */
function inDays(days: number) {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} 12:00`;
}

for (const device of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
]) {
  test(`the admin suspends a fan from the fans table with a reason; the fan's open page is signed out and told why (${device.name})`, async ({
    page,
    browser,
  }) => {
    // Two browsers signed in, a dialog, a sign-out and a sign-in: more than one page's work.
    test.slow();
    const fan = await newFan(page.request);
    const fanContext = await browser.newContext({ viewport: device.viewport, reducedMotion: 'reduce' });
    const fanPage = await fanContext.newPage();
    await signIn(fanPage, fan.username, fan.password);
    await fanPage.goto('/notifications');
    await expect(fanPage.getByRole('heading', { level: 1 })).toBeVisible();

    await page.setViewportSize(device.viewport);
    await signIn(page, accounts.admin);
    await page.goto(`/admin/fans?q=${fan.username}`);
    const row = page.getByRole('row').filter({ hasText: fan.username });
    await expect(row.getByText('Good standing', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `Standing of ${fan.username}` }).click();
    await page.getByRole('menuitem', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Without a reason or an end, nothing is sent and each field says what it needs.
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(dialog.getByText('Choose when the suspension ends')).toBeVisible();
    await expect(dialog.getByText('Say why', { exact: true })).toBeVisible();
    await dialog.getByLabel('Suspended until').fill(inDays(2));
    await dialog.getByLabel('Suspended until').press('Enter');
    await dialog.getByLabel('Reason (the account holder reads it)').fill('Repeated spam in comments');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText('Account suspended')).toBeVisible();
    await expect(row.getByText(/^Suspended until/)).toBeVisible();

    // The fan's open page hears it over its socket and is signed out at once, saying why.
    await expect(fanPage).toHaveURL(/\/auth\/login/, { timeout: 15_000 });
    // Signing in again shows the suspension, with its end and its reason, instead of a generic error.
    await logIn(fanPage, fan.username, { password: fan.password, fails: true });
    const alert = fanPage.getByRole('alert').filter({ hasText: 'Your account is suspended until' });
    await expect(alert).toContainText('Repeated spam in comments');
    const until = new Date(inDays(2).replace(' ', 'T')).toISOString();
    await expect(alert).toContainText(`until ${until.slice(0, 16).replace('T', ' ')} UTC`);
    await expectAccessible(fanPage);

    // The history keeps it.
    await row.getByRole('button', { name: `Standing of ${fan.username}` }).click();
    await page.getByRole('menuitem', { name: 'Standing history' }).click();
    await expect(page.getByText('Repeated spam in comments')).toBeVisible();
    await fanContext.close();
  });
}
