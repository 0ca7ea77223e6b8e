import { accounts, DEMO_PASSWORD, expect, logIn, setSettingAsAdmin, signIn, test } from './fixtures';

test('dark mode toggles and is remembered', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('an admin changes a setting and the public settings change', async ({ page, browser }) => {
  await logIn(page, accounts.admin);
  // The admin's home is the dashboard (issue 27); the settings are one section of the console.
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.goto('/admin/settings');
  const siteName = page.getByTestId('setting-siteName').getByRole('textbox');
  await siteName.fill('Spotlight Club');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto('/auth/login');
  await expect(visitor.getByTestId('site-name')).toHaveText('Spotlight Club');
  await expect(visitor).toHaveTitle('Spotlight Club');
  expect((await (await visitor.request.get('/api/settings/public')).json()).siteName).toBe('Spotlight Club');
  await visitor.close();

  await siteName.fill('Limelight');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('site-name')).toHaveText('Limelight');
});

test('maintenance mode shows the maintenance page to everyone but admins', async ({ page, browser }) => {
  await signIn(page, accounts.admin);
  await page.goto('/admin/settings');
  await page.getByTestId('setting-maintenanceMode').getByRole('switch').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  try {
    const visitor = await browser.newPage();
    for (const path of ['/home', '/avastone', '/auth/register', '/auth/login']) {
      await visitor.goto(path);
      await expect(visitor.getByTestId('maintenance-page')).toBeVisible();
      await expect(visitor.getByText('Limelight is under maintenance')).toBeVisible();
    }
    // The staff entrance shows the form, and only admins get through it.
    await visitor.goto('/admin/login');
    await expect(visitor.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Sign up as a fan' })).toHaveCount(0);
    await visitor.getByLabel('E-mail or username').fill(accounts.fan);
    await visitor.getByLabel('Password').fill(DEMO_PASSWORD);
    await visitor.getByRole('button', { name: 'Log in' }).click();
    // Said once, beside the form: not again in a toast.
    await expect(visitor.getByRole('alert').getByText('The site is under maintenance: please come back soon')).toBeVisible();
    await expect(visitor.getByText('The site is under maintenance: please come back soon')).toHaveCount(1);
    await visitor.close();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  } finally {
    await setSettingAsAdmin(page, 'maintenanceMode', false);
  }
});

test('an admin verifies a creator from the creators table, whose state lives in the URL', async ({ page }) => {
  await signIn(page, accounts.admin);
  await page.goto('/admin/creators');
  await page.getByLabel('Search accounts').fill('newcreator');
  await page.getByLabel('Search accounts').press('Enter');
  await expect(page).toHaveURL(/q=newcreator/);
  await expect(page).toHaveURL(/current=1/);
  const row = page.getByRole('row').filter({ hasText: 'newcreator@limelight.local' });
  await row.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Documents verified')).toBeVisible();
  await expect(row.getByText('Verified', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Search accounts')).toHaveValue('newcreator');
});
