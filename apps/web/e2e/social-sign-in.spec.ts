import { expect, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a visitor signs in with Google and lands on the account page to choose a username', async ({ page }) => {
  const email = `g_${unique()}@gmail.test`;
  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();

  // Google's consent screen (the local fake), then back to the site with a code.
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible();
  await page.getByLabel('email').fill(email);
  await page.getByLabel('name').fill('Gina Google');
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(/\/user\/account$/);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(email);
  await expect(page.getByTestId('account-menu')).toContainText('Gina Google');
});

test('a visitor becomes a creator with Twitter and lands on their own page', async ({ page, context }) => {
  const handle = `tw_${unique()}`;
  await page.goto('/auth/register/creator');
  await page.getByRole('button', { name: 'Continue with Twitter' }).click();

  await expect(page.getByRole('heading', { name: 'Authorize app on Twitter' })).toBeVisible();
  // Step 1 left the temporary token, its secret and the role in cookies for a day.
  const cookies = Object.fromEntries((await context.cookies()).map((cookie) => [cookie.name, cookie]));
  expect(cookies.role?.value).toBe('performer');
  expect(cookies.oauthToken?.value).toBeTruthy();
  expect(cookies.oauthTokenSecret?.expires).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);

  await page.getByLabel('screen_name').fill(handle);
  await page.getByLabel('name', { exact: true }).fill('Tara Tweets');
  await page.getByLabel('email').fill(`${handle}@x.test`);
  await page.getByRole('button', { name: 'Allow' }).click();

  await expect(page).toHaveURL(new RegExp(`/${handle}$`));
  await expect(page.getByRole('heading', { name: 'Tara Tweets' })).toBeVisible();
  // Step 2 cleared them.
  const left = (await context.cookies()).map((cookie) => cookie.name);
  expect(left).not.toContain('oauthToken');
  expect(left).not.toContain('oauthTokenSecret');
  expect(left).toContain('token');
});

test('a cancelled or forged Google answer is refused with a way back', async ({ page }) => {
  await page.goto('/auth/google/callback?code=made-up&state=not-mine');
  await expect(page.getByText('This Google sign-in was not started here, please try again.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});
