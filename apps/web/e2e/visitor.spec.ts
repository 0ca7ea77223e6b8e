import type { APIRequestContext, Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectAccessible, fillSignUp, freePostBy, test, tokenOf } from './fixtures';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Ava Stone's posts of each kind a visitor meets: free for everyone, for subscribers, for sale. */
async function avaPosts(request: APIRequestContext, tag: string) {
  const headers = await tokenOf(request, 'avastone', DEMO_PASSWORD);
  const photo = async () => {
    const upload = await request.post('/api/performer/feeds/photo/upload', {
      headers,
      multipart: { file: { name: 'look.png', mimeType: 'image/png', buffer: png } },
    });
    expect(upload.status()).toBe(200);
    return [(await upload.json())._id as string];
  };
  const posts = [
    { type: 'text', text: `Hello everyone ${tag}`, isSale: true, price: 0 },
    { type: 'photo', text: `For my subscribers ${tag}`, fileIds: await photo() },
    { type: 'photo', text: `Photo set for sale ${tag}`, fileIds: await photo(), isSale: true, price: 5 },
  ];
  for (const data of posts) expect((await request.post('/api/performer/feeds', { headers, data })).status()).toBe(200);
}

test('a visitor browses, searches and opens a profile without signing in, then signs up and lands back on that profile', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const tag = unique();
  await avaPosts(page.request, tag);

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Creators share their world. Fans get closer.');
  await expect(page.getByRole('link', { name: 'Join as a fan' })).toHaveAttribute('href', '/auth/register');
  await expect(page.getByRole('link', { name: 'Become a creator' })).toHaveAttribute('href', '/auth/register/creator');
  const topShelf = page.getByRole('region', { name: 'Top creators' });
  await expect(topShelf.getByTestId('performer-card').first()).toBeVisible();
  // Ava, with posts, is a top creator, and on no other shelf.
  await expect(topShelf.getByTestId('performer-card').filter({ hasText: 'Ava Stone' })).toBeVisible();
  await expect(page.getByTestId('performer-card').filter({ hasText: 'Ava Stone' })).toHaveCount(1);

  await page.getByRole('banner').getByRole('link', { name: 'Explore' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore');
  await page.getByLabel('Search creators').fill('ava');
  await page.getByLabel('Search creators').press('Enter');
  await expect(page).toHaveURL(/\/explore\?q=ava/);
  // The shelves (Ava on several) stay until the search's render commits: read the results' own region.
  const results = page.getByRole('region', { name: /^\d+ creators?$/ });
  const ava = results.getByTestId('performer-card').filter({ hasText: 'Ava Stone' });
  await expect(ava).toBeVisible();
  await expect(page.getByTestId('performer-card').filter({ hasText: 'Leo Hart' })).toHaveCount(0);
  await ava.getByRole('link', { name: 'Ava Stone' }).click();

  await expect(page).toHaveURL(/\/avastone$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ava Stone');
  await expect(page.getByText(`Hello everyone ${tag}`)).toBeVisible();
  const subscribersOnly = page.getByTestId('feed-card').filter({ hasText: `For my subscribers ${tag}` });
  await expect(subscribersOnly.getByTestId('locked-media')).toContainText('Subscribe to see this photo');
  await expect(subscribersOnly.locator('img[alt^="Photo"]')).toHaveCount(0);
  const forSale = page.getByTestId('feed-card').filter({ hasText: `Photo set for sale ${tag}` });
  await expect(forSale.getByTestId('locked-media')).toContainText('Unlock this photo for 5');

  // Following asks a visitor to join first; signing up brings them back here, signed in.
  await page.locator('.profile-card').getByRole('button', { name: 'Follow' }).click();
  await expect(page).toHaveURL(/\/auth\/register\?redirect=%2Favastone%3Ffollow%3D1$/);
  await expect(page.getByRole('link', { name: 'Log in', exact: true }).last()).toHaveAttribute(
    'href',
    '/auth/login?redirect=%2Favastone%3Ffollow%3D1',
  );
  const username = `visitor_${tag}`;
  await fillSignUp(page, { name: 'Vera Visitor', username, password: 'vera-password-1' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/avastone\?follow=1$/);
  await expect(page.getByTestId('account-menu')).toContainText('Vera Visitor');
  // The follow they asked for is one click away, asked rather than done for them.
  const prompt = page.getByRole('alert').filter({ hasText: 'Follow Ava Stone?' });
  await prompt.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByText('You follow Ava Stone')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(page.locator('.profile-card').getByRole('button', { name: 'Following' })).toBeVisible();
});

test('"Subscribe" on a locked post brings a visitor through sign-up to the subscribe dialog', async ({ page }) => {
  const tag = unique();
  await avaPosts(page.request, tag);
  await page.goto('/avastone');
  await page
    .getByTestId('feed-card')
    .filter({ hasText: `For my subscribers ${tag}` })
    .getByRole('link', { name: 'Subscribe' })
    .click();
  await expect(page).toHaveURL(/\/auth\/register\?redirect=%2Favastone%3Fsubscribe%3D1$/);
  const username = `sub_${tag}`;
  await fillSignUp(page, { name: 'Sam Subscriber', username, password: 'sam-password-12' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/avastone\?subscribe=1$/);
  await expect(page.getByRole('dialog', { name: 'Subscribe to Ava Stone' })).toBeVisible();
});

test('a visitor on a free post is asked to sign up or log in to comment, and logging in brings them back to write', async ({ page }) => {
  const id = await freePostBy(page.request, 'avastone', `Free to read ${unique()}`);
  await page.goto(`/post/${id}`);
  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText('Subscribe or unlock this post to comment.')).toHaveCount(0);
  await expect(comments.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `/auth/register?redirect=%2Fpost%2F${id}`);
  await comments.getByRole('link', { name: 'log in' }).click();
  await page.getByLabel('E-mail or username').fill('fiona');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/post/${id}$`));
  await expect(page.getByRole('region', { name: 'Comments' }).getByRole('textbox')).toBeVisible();
});

test('a redirect to another site is not followed after signing up', async ({ page }) => {
  const username = `stray_${unique()}`;
  await page.goto(`/auth/register?redirect=${encodeURIComponent('//evil.example/')}`);
  await expect(page.getByRole('link', { name: 'Log in', exact: true }).last()).toHaveAttribute('href', '/auth/login');
  await fillSignUp(page, { name: 'Stray Fan', username, password: 'stray-password-1' });
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/home$/);
});

test("the creator page's tabs all show on a phone and move with the arrow keys", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/avastone');
  const tabs = page.getByRole('tablist', { name: "Ava Stone's content" });
  await tabs.scrollIntoViewIfNeeded();
  // Every tab within the phone's width (none folded away behind a "more" button).
  for (const name of ['Posts', 'Photos', 'Videos', 'Galleries']) {
    const box = await tabs.getByRole('tab', { name }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  }
  await tabs.getByRole('tab', { name: 'Posts' }).focus();
  await page.keyboard.press('ArrowRight');
  const photos = tabs.getByRole('tab', { name: 'Photos' });
  await expect(photos).toBeFocused();
  await expect(photos).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/avastone\?tab=photos$/);
  await expect(page.getByRole('tabpanel', { name: 'Photos' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { selected: true })).toBeFocused();
  await expect(page).not.toHaveURL(/tab=photos/);
  await page.keyboard.press('Home');
  await expect(tabs.getByRole('tab', { name: 'Posts' })).toHaveAttribute('aria-selected', 'true');
});

/** The visitor's pages, each checked by axe and kept as a screenshot for review. */
async function checkVisitorPages(page: Page, name: string, outputPath: (file: string) => string) {
  for (const [path, heading] of [
    ['/', 'Creators share their world. Fans get closer.'],
    ['/explore', 'Explore'],
    ['/avastone', 'Ava Stone'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expectAccessible(page);
    await page.screenshot({ path: outputPath(`${name}${path === '/' ? '-front' : path.replace('/', '-')}.png`), fullPage: true });
  }
}

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`the front page, explore and a profile are accessible at ${width}px in light and dark`, async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await avaPosts(page.request, unique());
    await page.setViewportSize({ width, height });
    await checkVisitorPages(page, `visitor-${width}-light`, (file) => testInfo.outputPath(file));
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await checkVisitorPages(page, `visitor-${width}-dark`, (file) => testInfo.outputPath(file));
  });
}
