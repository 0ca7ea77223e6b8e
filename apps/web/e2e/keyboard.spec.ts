import { SANDBOX_CARDS } from '@limelight/contracts';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, expect, expectAccessible, logIn, newFan, saveSandboxCard, signIn, test, tokenOf } from './fixtures';

// Issue 18, part 5 (decision 030): creators' alt text, and the feed, the lightbox, the story
// viewer and the pay dialogs driven with the keyboard alone. What is set up goes through the API;
// what is tested is pressed on page.keyboard, with the focus checked at every step.

/** A small picture of one colour: two colours make two photos the lightbox can tell apart. */
const picture = (background: string) =>
  sharp({ create: { width: 16, height: 16, channels: 3, background } })
    .png()
    .toBuffer();
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

type Headers = Record<string, string>;

/** A photo post by the creator whose token is `headers`, its photos uploaded and described first. */
async function photoPost(request: APIRequestContext, headers: Headers, post: object, photos: Array<{ data: Buffer; alt?: string }>) {
  const fileIds: string[] = [];
  for (const photo of photos) {
    const upload = await request.post('/api/performer/feeds/photo/upload', {
      headers,
      multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: photo.data } },
    });
    expect(upload.status()).toBe(200);
    const { _id } = await upload.json();
    if (photo.alt) {
      const described = await request.put(`/api/media/files/${_id}/alt-text`, { headers, data: { altText: photo.alt } });
      expect(described.status()).toBe(200);
    }
    fileIds.push(_id);
  }
  const saved = await request.post('/api/performer/feeds', { headers, data: { type: 'photo', fileIds, ...post } });
  expect(saved.status()).toBe(200);
}

/** A new fan, signed in on `page`, following Ava Stone. */
async function followingFan(page: Page, avaId: string) {
  const fan = await newFan(page.request);
  await logIn(page, fan.username, { password: fan.password });
  expect((await page.request.post(`/api/follows/${avaId}`)).status()).toBe(200);
  return fan;
}

async function ava(request: APIRequestContext) {
  const headers = await tokenOf(request, 'avastone', DEMO_PASSWORD);
  const me = await (await request.get('/api/users/me', { headers })).json();
  return { headers, id: me._id as string };
}

/** Whether the focus is on `dialog` or inside it. */
const holdsFocus = (dialog: Locator) => dialog.evaluate((element) => element.contains(document.activeElement));

/** Presses Tab `times` times; the focus must stay inside `dialog` all along (the dialog traps it). */
async function expectFocusTrapped(page: Page, dialog: Locator, times = 8) {
  for (let press = 0; press < times; press += 1) {
    await page.keyboard.press('Tab');
    expect(await holdsFocus(dialog)).toBe(true);
  }
}

test('a creator describes a photo in the composer; a fan’s feed shows it as the alt, and locked media names only what it is', async ({
  page,
  browser,
}) => {
  const tag = unique();
  const creator = await ava(page.request);
  await photoPost(page.request, creator.headers, { text: `Locked plate ${tag}` }, [
    { data: await picture('#336699'), alt: `A secret plate ${tag}` },
  ]);

  await signIn(page, 'avastone');
  await page.goto('/creator/posts/new');
  await page.getByRole('radiogroup', { name: 'Kind of post' }).getByText('Photos', { exact: true }).click();
  await page.getByLabel('Post text').fill(`Free breakfast ${tag}`);
  await page
    .locator('input[type=file][accept^="image/"]')
    .setInputFiles({ name: 'breakfast.png', mimeType: 'image/png', buffer: await picture('#ffcc00') });
  await page.getByLabel('Alt text for the photo').fill(`Pancakes with blueberries ${tag}`);
  await page.getByRole('radio', { name: 'Everyone (free)' }).check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Your post is published')).toBeVisible();

  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  await followingFan(fan, creator.id);
  await fan.goto('/home');
  const free = fan.getByTestId('feed-card').filter({ hasText: `Free breakfast ${tag}` });
  await expect(free.getByRole('img', { name: `Pancakes with blueberries ${tag}`, exact: true })).toBeVisible();
  await expectAccessible(fan);
  // A subscriber-only photo: named as locked media of its creator; the creator's words stay with the paid photo.
  const locked = fan.getByTestId('feed-card').filter({ hasText: `Locked plate ${tag}` });
  await expect(locked.getByRole('figure', { name: 'Locked photo by Ava Stone' })).toBeVisible();
  await expect(fan.getByText(`A secret plate ${tag}`)).toHaveCount(0);
  expect(await fan.content()).not.toContain(`A secret plate ${tag}`);
  await fanContext.close();
});

test('the feed from the keyboard: actions in reading order named as they read, photos open a lightbox, Tip and Unlock pay', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const tag = unique();
  const creator = await ava(page.request);
  await photoPost(page.request, creator.headers, { text: `Two views ${tag}`, isSale: true, price: 0 }, [
    { data: await picture('#0077be'), alt: `Harbour at noon ${tag}` },
    { data: await picture('#e0245e') },
  ]);
  await photoPost(page.request, creator.headers, { text: `Paid view ${tag}`, isSale: true, price: 3 }, [
    { data: await picture('#4ec52a') },
  ]);
  await followingFan(page, creator.id);

  // Tokens first: sent to the wallet to top up, the fan starts on the amount and Enter pays.
  await page.goto('/user/wallet');
  await page.getByRole('button', { name: 'Add card' }).click();
  await saveSandboxCard(page, SANDBOX_CARDS.success);
  await page.goto('/user/wallet?topUp=40');
  await expect(page.getByLabel('Tokens', { exact: true })).toBeFocused();
  // Enter pays once the saved card has loaded (until then there is nothing to pay with).
  await expect(page.getByRole('button', { name: 'Pay $40.00' })).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(page.getByText('40.00 tokens added to your wallet')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('40.00');

  await page.goto('/home');
  const card = page.getByTestId('feed-card').filter({ hasText: `Two views ${tag}` });
  const first = card.getByRole('button', { name: `Harbour at noon ${tag}` });
  const second = card.getByRole('button', { name: 'Photo 2 of 2 by Ava Stone' });
  const like = card.getByRole('button', { name: '0 likes' });
  const comments = card.getByRole('button', { name: '0 comments' });
  const tip = card.getByRole('button', { name: 'Tip' });
  const report = card.getByRole('button', { name: 'Report' });
  const bookmark = card.getByRole('button', { name: 'Bookmark' });
  // The date link is the last control of the card's header; from it, Tab walks the post as it reads.
  await card.getByRole('link', { name: /\d{2}:\d{2}$/ }).focus();
  for (const next of [first, second, like, comments, tip, report, bookmark]) {
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
  }
  // Named as they read: the visible count is in the name.
  await like.focus();
  await page.keyboard.press('Enter');
  const liked = card.getByRole('button', { name: '1 like', exact: true });
  await expect(liked).toHaveAttribute('aria-pressed', 'true');
  await expect(liked).toHaveText('1');
  await expect(liked).toBeFocused();

  // The lightbox: Enter opens it on that photo, the arrows walk, the focus stays in, Esc gives it back.
  await first.focus();
  await page.keyboard.press('Enter');
  const lightbox = page.getByRole('dialog', { name: 'Photo 1 of 2' });
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByRole('img', { name: `Harbour at noon ${tag}` })).toBeVisible();
  const firstSource = await page.getByTestId('lightbox-image').getAttribute('src');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeVisible();
  await expect(page.getByTestId('lightbox-image')).toHaveAccessibleName('Photo 2 of 2 by Ava Stone');
  expect(await page.getByTestId('lightbox-image').getAttribute('src')).not.toBe(firstSource);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeVisible();
  await expectFocusTrapped(page, page.getByRole('dialog', { name: 'Photo 1 of 2' }));
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: /Photo \d of 2/ })).toBeHidden();
  await expect(first).toBeFocused();
  // Space opens it too.
  await second.focus();
  await page.keyboard.press(' ');
  await expect(page.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(second).toBeFocused();

  // Tip: the focus lands on the amount, shown in tokens; a wrong amount is refused with its limit and Enter pays nothing.
  await tip.focus();
  await page.keyboard.press('Enter');
  const tipDialog = page.getByRole('dialog', { name: 'Tip Ava Stone' });
  const amount = tipDialog.getByLabel('Tip amount');
  await expect(amount).toBeFocused();
  await expect(tipDialog.getByText('tokens', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('5');
  await expect(tipDialog.getByText('A tip must be at least 10 tokens')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(tipDialog).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('40.00');
  // Esc cancels and gives the focus back to Tip.
  await page.keyboard.press('Escape');
  await expect(tipDialog).toBeHidden();
  await expect(tip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(amount).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('15');
  await page.keyboard.press('Enter');
  await expect(page.getByText('You tipped Ava Stone 15.00 tokens')).toBeVisible();
  await expect(tipDialog).toBeHidden();
  await expect(tip).toBeFocused();
  await expect(page.getByTestId('header-balance')).toHaveText('25.00');

  // Unlock: no field, so the focus lands on Pay, and Enter pays.
  const paid = page.getByTestId('feed-card').filter({ hasText: `Paid view ${tag}` });
  const unlock = paid.getByRole('button', { name: 'Unlock for 3.00 tokens' });
  await unlock.focus();
  await page.keyboard.press('Enter');
  const unlockDialog = page.getByRole('dialog', { name: 'Unlock this post' });
  await expect(unlockDialog.getByRole('button', { name: 'Pay 3.00 tokens' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Unlocked: enjoy this post')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('22.00');
  await expect(paid.getByRole('button', { name: 'Photo by Ava Stone' })).toBeVisible();
});

test('subscribing from the keyboard: the plan dialog starts on its first choice, Esc cancels back to its button, Enter pays', async ({
  page,
}) => {
  const creator = await ava(page.request);
  await followingFan(page, creator.id);
  await page.goto('/user/wallet');
  await page.getByRole('button', { name: 'Add card' }).click();
  await saveSandboxCard(page, SANDBOX_CARDS.success);
  await page.goto('/user/wallet?topUp=20');
  await expect(page.getByLabel('Tokens', { exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Pay $20.00' })).toBeEnabled();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('header-balance')).toHaveText('20.00');

  await page.goto('/avastone');
  const subscribe = page.getByRole('button', { name: 'Subscribe for 1 month' });
  await subscribe.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Ava Stone' });
  await expect(dialog.getByRole('radio', { name: /Wallet/ })).toBeFocused();
  await expect(dialog.getByRole('button', { name: /^Pay \d+\.\d{2} tokens$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(subscribe).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('radio', { name: /Wallet/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('You are subscribed to Ava Stone')).toBeVisible();
  await expect(page.getByTestId('header-balance')).not.toHaveText('20.00');
});

test('the story viewer from the keyboard: it opens focused, arrows walk, Space pauses, the focus stays in and Esc returns it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const tag = unique();
  const creator = await ava(page.request);
  const upload = await page.request.post('/api/stories/files/photo/upload', {
    headers: creator.headers,
    multipart: { file: { name: 'story.png', mimeType: 'image/png', buffer: await picture('#222222') } },
  });
  expect(upload.status()).toBe(200);
  const { _id: fileId } = await upload.json();
  await page.request.put(`/api/media/files/${fileId}/alt-text`, { headers: creator.headers, data: { altText: `Stage lights ${tag}` } });
  for (const story of [
    { type: 'photo', fileId },
    { type: 'text', text: `Doors at 8 ${tag}` },
  ]) {
    expect((await page.request.post('/api/stories/performers', { headers: creator.headers, data: story })).status()).toBe(200);
  }
  await followingFan(page, creator.id);
  await page.goto('/home');

  const bubble = page.getByRole('button', { name: 'Stories of Ava Stone' });
  await bubble.focus();
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog').filter({ has: page.getByTestId('story-stage') });
  await expect.poll(() => holdsFocus(viewer)).toBe(true);
  const position = viewer.getByRole('status');
  const count = Number((await position.getAttribute('aria-label'))?.match(/of (\d+)/)?.[1]);
  const photoAt = await (async () => {
    for (let index = 1; index <= count; index += 1) {
      if (await viewer.getByRole('img', { name: `Stage lights ${tag}` }).isVisible()) return index;
      await page.keyboard.press('ArrowRight');
    }
    throw new Error('the story photo never showed');
  })();
  // Paused, it stays on this story past the 5 seconds a still story shows.
  await page.keyboard.press(' ');
  await expect(viewer.getByRole('button', { name: 'Play stories' })).toBeVisible();
  await page.waitForTimeout(6_000);
  await expect(position).toHaveAttribute('aria-label', `Story ${photoAt} of ${count}`);
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveAttribute('aria-label', `Story ${photoAt + 1} of ${count}`);
  await expect(viewer.getByTestId('story-stage')).toContainText(`Doors at 8 ${tag}`);
  await page.keyboard.press('ArrowLeft');
  await expect(position).toHaveAttribute('aria-label', `Story ${photoAt} of ${count}`);
  await expectFocusTrapped(page, viewer);
  await expectAccessible(page);
  await page.keyboard.press(' ');
  await expect(viewer.getByRole('button', { name: 'Pause stories' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(bubble).toBeFocused();
});
