import { accounts, DEMO_PASSWORD, expect, fillSignUp, logIn, logOut, signIn, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a fan registers, lands on /home, logs out and logs in again', async ({ page }) => {
  const username = `fan_${unique()}`;
  await page.goto('/auth/register');
  await fillSignUp(page, { name: 'Nina Fan', username, password: 'nina-password-1' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Nina Fan' })).toBeVisible();

  await logOut(page);

  await logIn(page, username, { password: 'nina-password-1' });
  await expect(page).toHaveURL(/\/home$/);
});

test('registration shows field errors from the form and from the server', async ({ page }) => {
  await page.goto('/auth/register');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username is reserved')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await fillSignUp(page, { name: 'Copycat', username: accounts.fan, email: `copy_${unique()}@example.test`, password: 'good-password-1' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('username is already taken').first()).toBeVisible();
});

test('a creator with a username lands on their page', async ({ page }) => {
  await logIn(page, accounts.creator);
  await expect(page).toHaveURL(/\/avastone$/);
  await expect(page.getByRole('heading', { name: 'Ava Stone' })).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
});

test('a creator without a username lands on /creator/account', async ({ page }) => {
  await logIn(page, accounts.creatorWithoutUsername);
  await expect(page).toHaveURL(/\/creator\/account$/);
  await expect(page.getByText('Complete your account')).toBeVisible();
});

test('a creator registers with identity documents and sees their page', async ({ page }) => {
  const username = `creator_${unique()}`;
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  await page.goto('/auth/register/creator');
  await fillSignUp(page, { name: 'Cleo Creator', username, password: 'cleo-password-1' });
  const gender = page.getByLabel('Gender');
  await gender.click();
  await expect(page.locator('.ant-select-item-option[title="Trans"]')).toBeVisible();
  await gender.press('ArrowDown');
  await gender.press('ArrowDown');
  await gender.press('Enter');
  await expect(page.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: 'Trans' }).first()).toBeVisible();
  await page.getByLabel('Date of birth').fill('1995-05-05');
  await page.getByLabel('Date of birth').press('Enter');
  const files = page.locator('input[type=file]');
  await files.nth(0).setInputFiles({ name: 'id.png', mimeType: 'image/png', buffer: png });
  await files.nth(1).setInputFiles({ name: 'selfie.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Create creator account' }).click();
  await expect(page).toHaveURL(new RegExp(`/${username}$`));
  await expect(page.getByText('Your page is not public yet')).toBeVisible();
});

test('login with a redirect goes back to that page', async ({ page }) => {
  await logIn(page, accounts.fan, { redirect: '/user/account' });
  await expect(page).toHaveURL(/\/user\/account$/);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
});

test('a page that needs a session sends a visitor to log in and back', async ({ page }) => {
  await page.goto('/user/account');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fuser%2Faccount$/);
  await logIn(page, accounts.fan, { redirect: '/user/account' });
  await expect(page).toHaveURL(/\/user\/account$/);
});

test('a wrong password says Incorrect credentials!', async ({ page }) => {
  await logIn(page, accounts.fan, { password: 'wrong-password', fails: true });
  await expect(page.locator('#root').getByRole('alert')).toHaveText('Incorrect credentials!');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('an expired session sends the user to log in with the page to come back to', async ({ page }) => {
  await logIn(page, accounts.fan, { remember: false, redirect: '/user/account' });
  await expect(page).toHaveURL(/\/user\/account$/);
  await page.waitForTimeout(4_500); // the e2e server's non-remembered sessions last 4 s
  await page.reload();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fuser%2Faccount$/);
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'token')).toBe(false);
});

test('a fan changes their display name and sees Changes saved', async ({ page }) => {
  await signIn(page, 'felix');
  await page.goto('/user/account');
  await page.getByLabel('Display name').fill('Felix the Fan');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(page.getByTestId('account-menu')).toContainText('Felix the Fan');
});

test('a session ended by the server sends the user to log in with Forbidden in the action!', async ({ page }) => {
  await logIn(page, 'felix');
  await expect(page).toHaveURL(/\/home$/);
  // The app is left for a page without its script while the admin acts: an open page can meet the
  // refusal on its own first (the account's sockets close with it, and what the page asks as they
  // come back is refused), say so there, and the next page then comes as a visitor's, with nothing
  // to say. The page asked next is the one that must say it.
  await page.goto('/robots.txt');
  const admin = await page.request.post('/api/auth/login', { data: { email: accounts.admin, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await admin.json()).token}` };
  const felix = await (await page.request.get('/api/admin/accounts?role=user&q=felix', { headers })).json();
  const id = felix.data[0]._id;
  await page.request.put(`/api/admin/accounts/${id}/status`, { headers, data: { status: 'inactive' } });
  try {
    await page.goto('/home');
    await expect(page.getByText('Forbidden in the action!')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
  } finally {
    await page.request.put(`/api/admin/accounts/${id}/status`, { headers, data: { status: 'active' } });
  }
});
