import type { APIRequestContext, Browser } from '@playwright/test';
import { accounts, DEMO_PASSWORD, expect, logIn, signIn, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const GB_ADDRESS = '81.2.69.142';

async function tokenOf(request: APIRequestContext, login: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/auth/login', { data: { username: login, password } });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).token}` };
}

/** A second browser window for another person, failing the test on its console errors too. */
async function otherWindow(browser: Browser, headers: Record<string, string> = {}) {
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  return { page, errors, close: () => context.close() };
}

test('a creator blocks a fan from a comment, the fan sees why, and unblocking from the list lets them back', async ({ page, browser }) => {
  // A fan of their own and a free post they can comment on, made through the API.
  const username = `blocked_${unique()}`;
  const password = 'blocked-password-1';
  expect(
    (
      await page.request.post('/api/auth/users/register', {
        data: { name: 'Blocked Fan', username, email: `${username}@example.test`, password, ageConfirmed: true, termsAccepted: true },
      })
    ).status(),
  ).toBe(201);
  const creator = await tokenOf(page.request, accounts.creator);
  const post = await page.request.post('/api/performer/feeds', {
    headers: creator,
    data: { type: 'text', text: `Free post ${unique()}`, status: 'active', isSale: true, price: 0 },
  });
  expect(post.status()).toBeLessThan(300);
  const postId = (await post.json())._id as string;
  const fanHeaders = await tokenOf(page.request, username, password);
  expect(
    (
      await page.request.post('/api/comments', {
        headers: fanHeaders,
        data: { objectType: 'feed', objectId: postId, content: 'Rude words' },
      })
    ).status(),
  ).toBeLessThan(300);

  await signIn(page, accounts.creator);
  await page.goto(`/post/${postId}`);
  // A post's own page opens its comments.
  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('Rude words')).toBeVisible();
  await comments.getByRole('button', { name: 'Block Blocked Fan' }).click();
  // The confirmation says what the block does to a subscription, as the API does it (decision 011).
  await expect(page.getByTestId('block-consequences')).toContainText(
    'If they subscribe to you, their subscription stops renewing and nothing is refunded',
  );
  await page.getByLabel('Reason for blocking').fill('rude');
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('Blocked Fan is blocked')).toBeVisible();
  await expect(comments.getByRole('button', { name: 'Unblock Blocked Fan' })).toBeVisible();

  const fan = await otherWindow(browser);
  await logIn(fan.page, username, { password });
  await fan.page.goto('/avastone');
  await expect(fan.page.getByText('This creator has blocked you')).toBeVisible();

  await page.goto('/user/blocked');
  await expect(page.getByRole('cell', { name: 'rude' })).toBeVisible();
  await page.getByRole('button', { name: 'Unblock Blocked Fan' }).click();
  await expect(page.getByText('Blocked Fan is unblocked')).toBeVisible();
  await expect(page.getByText('You have not blocked anyone.')).toBeVisible();

  await fan.page.reload();
  await expect(fan.page.getByRole('heading', { name: 'Ava Stone' })).toBeVisible();
  expect(fan.errors).toEqual([]);
  await fan.close();
});

test('a creator blocks a country: visitors from it see why, others see the page', async ({ page, browser }) => {
  await signIn(page, accounts.creator);
  await page.goto('/user/blocked');
  const picker = page.getByLabel('Blocked countries');
  await picker.click();
  await picker.fill('United King');
  await page.locator('.ant-select-item-option').filter({ hasText: 'United Kingdom' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('1 country blocked')).toBeVisible();

  try {
    const visitor = await otherWindow(browser, { 'x-forwarded-for': GB_ADDRESS });
    await visitor.page.goto('/avastone');
    await expect(visitor.page.getByText("This creator's page is not available in your country")).toBeVisible();
    expect(visitor.errors).toEqual([]);
    await visitor.close();

    const elsewhere = await otherWindow(browser, { 'x-forwarded-for': '8.8.8.8' });
    await elsewhere.page.goto('/avastone');
    await expect(elsewhere.page.getByRole('heading', { name: 'Ava Stone' })).toBeVisible();
    // The profile names her country, as the country picker does, not by its code.
    await expect(elsewhere.page.getByText('United States', { exact: true })).toBeVisible();
    await elsewhere.close();
  } finally {
    // Other tests visit this creator from this machine's address: leave no country blocked.
    await page.request.post('/api/block/countries', { headers: await tokenOf(page.request, accounts.creator), data: { countryCodes: [] } });
  }
});

test('a creator sees every area of their work in the nav at 1280px; blocking is called Blocked users in the nav and on the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, accounts.creator);
  await page.goto('/creator/posts');
  const nav = page.locator('.site-nav');
  for (const area of ['Dashboard', 'My page', 'Create', 'Fans', 'Money', 'Account']) {
    await expect(nav.getByRole('menuitem', { name: area })).toBeVisible();
  }
  // Nothing folded into antd's "…" menu.
  await expect(nav.locator('.ant-menu-overflow-item-rest:visible')).toHaveCount(0);
  await nav.getByRole('menuitem', { name: 'Fans' }).hover();
  await page.getByRole('menuitem', { name: 'Blocked users' }).click();
  await expect(page).toHaveURL(/\/user\/blocked$/);
  await expect(page.getByRole('heading', { name: 'Blocked users' })).toBeVisible();

  // A fan's confirmation says a block leaves their own subscription renewing.
  const fan = await otherWindow(page.context().browser()!);
  await signIn(fan.page, accounts.fan);
  await fan.page.goto('/leohart');
  await fan.page.getByRole('button', { name: 'Block Leo Hart' }).click();
  await expect(fan.page.getByTestId('block-consequences')).toContainText('A subscription to them keeps renewing until you cancel it');
  expect(fan.errors).toEqual([]);
  await fan.close();
});
