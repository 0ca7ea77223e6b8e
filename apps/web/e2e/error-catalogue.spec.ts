import type { Page, Route } from '@playwright/test';
import { accounts, DEMO_PASSWORD, expect, expectAccessible, logIn, newFan, signIn, test, tokenOf } from './fixtures';

/** What a crashed server answers: its words are for the logs, never for people. */
const crash = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/json',
    body: JSON.stringify({ message: 'TypeError: cannot read rows of undefined' }),
  });
const GENERIC = 'Error occurred, please try again later';

/** Rio takes messages from everyone, so that any fan may open a conversation with him. */
async function everyoneMayMessage(page: Page) {
  const creator = await tokenOf(page.request, 'riovega', DEMO_PASSWORD);
  expect((await page.request.put('/api/performers/me', { headers: creator, data: { messagesFrom: 'everyone' } })).status()).toBe(200);
}

test('opening a conversation puts it on top of the list and makes it active; its failures read as the catalogue says', async ({ page }) => {
  await everyoneMayMessage(page);
  // Fiona already talks with Ava and Leo (demo data); Rio is new to her.
  await logIn(page, accounts.fan);

  // Opening fails: the catalogue's words, none of the server's.
  await page.route('**/api/conversations', (route) => (route.request().method() === 'POST' ? crash(route) : route.continue()));
  await page.goto('/riovega');
  await page.getByRole('button', { name: 'Message Rio Vega' }).click();
  await expect(page.getByText(GENERIC)).toBeVisible();
  await expect(page.getByText('TypeError')).toHaveCount(0);
  await page.unroute('**/api/conversations');

  // Loading its messages fails: the same words, in the thread, with a way to try again.
  let failing = true;
  await page.route('**/api/messages/conversations/*?**', (route) =>
    failing && route.request().method() === 'GET' ? crash(route) : route.continue(),
  );
  await page.getByRole('button', { name: 'Message Rio Vega' }).click();
  await expect(page).toHaveURL(/\/messages\?conversation=/);
  const rows = page.locator('.conversation-button');
  await expect(rows.first()).toHaveAccessibleName(/^Rio Vega/);
  await expect(rows.first()).toHaveAttribute('aria-current', 'true');
  await expect(page.getByLabel('Conversation with Rio Vega').getByRole('alert').filter({ hasText: GENERIC })).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No messages yet: say hello to Rio Vega.')).toBeVisible();

  // A send that fails keeps the words typed and says so beside them, until the next try.
  await page.route('**/api/messages/conversations/*', (route) => (route.request().method() === 'POST' ? crash(route) : route.continue()));
  await page.getByLabel('Message', { exact: true }).fill('Hello Rio');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Not sent: ${GENERIC}` })).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('Hello Rio');
  await page.unroute('**/api/messages/conversations/*');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'Hello Rio' })).toBeVisible();
  await expect(page.getByText('Not sent:')).toHaveCount(0);
  await expectAccessible(page);
});

test('a deleted photo message reads "Message deleted!" with its photo gone, for sender and receiver at once', async ({ page, browser }) => {
  await everyoneMayMessage(page);
  const account = await newFan(page.request);
  await signIn(page, account.username, account.password);
  await page.goto('/riovega');
  await page.getByRole('button', { name: 'Message Rio Vega' }).click();
  await page.getByLabel('Message', { exact: true }).fill('Hi Rio');
  await page.getByRole('button', { name: 'Send' }).click();
  const conversationId = new URL(page.url()).searchParams.get('conversation');

  const creatorContext = await browser.newContext({ reducedMotion: 'reduce' });
  const rio = await creatorContext.newPage();
  await signIn(rio, 'riovega');
  await rio.goto(`/messages?conversation=${conversationId}`);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  await rio.getByLabel('Message', { exact: true }).fill('A view from the studio');
  await rio.locator('.composer input[type=file]').setInputFiles({ name: 'studio.png', mimeType: 'image/png', buffer: png });
  await expect(rio.getByRole('button', { name: 'Send' })).toBeEnabled();
  await rio.getByRole('button', { name: 'Send' }).click();
  const onFan = page.getByTestId('message').filter({ hasText: 'A view from the studio' });
  await expect(onFan.getByRole('img', { name: 'Photo in the message' })).toBeVisible();

  // A delete that fails stays in the thread, said in words for people.
  await rio.route('**/api/messages/*', (route) => (route.request().method() === 'DELETE' ? crash(route) : route.continue()));
  const sent = rio.getByTestId('message').filter({ hasText: 'A view from the studio' });
  await rio.getByRole('button', { name: 'Delete message' }).last().click();
  await rio.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(rio.getByRole('alert').filter({ hasText: `The message could not be deleted: ${GENERIC}` })).toBeVisible();
  await rio.unroute('**/api/messages/*');
  await rio.getByRole('button', { name: 'Delete message' }).last().click();
  await rio.getByRole('button', { name: 'Delete', exact: true }).click();

  for (const side of [rio, page]) {
    const deleted = side.getByTestId('message').filter({ hasText: 'Message deleted!' });
    await expect(deleted).toBeVisible();
    await expect(deleted.getByRole('img')).toHaveCount(0);
    await expect(side.getByText('A view from the studio')).toHaveCount(0);
  }
  await expect(sent).toHaveCount(0);
  await creatorContext.close();
});

test('a profile or password change that fails reads as the catalogue says; a saved one says Changes saved', async ({ page }) => {
  const account = await newFan(page.request);
  await signIn(page, account.username, account.password);
  await page.goto('/user/account');
  await page.route('**/api/users', (route) => (route.request().method() === 'PUT' ? crash(route) : route.continue()));
  await page.getByLabel('Display name').fill('Renamed Fan');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(GENERIC)).toBeVisible();
  await expect(page.getByText('TypeError')).toHaveCount(0);
  await page.unroute('**/api/users');

  // The server's own words win where it has some: a wrong current password is named, in words.
  const card = page.locator('.ant-card').filter({ has: page.getByRole('button', { name: 'Change password' }) });
  await card.getByLabel('Current password').fill('not-my-password');
  await card.getByLabel('New password', { exact: true }).fill('another-password-9');
  await card.getByLabel('Confirm password').fill('another-password-9');
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText(/^Current password /)).toBeVisible();
  await expect(page.getByText('currentPassword')).toHaveCount(0);
  await card.getByLabel('Current password').fill(account.password);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Changes saved: every other device was signed out')).toBeVisible();
});
