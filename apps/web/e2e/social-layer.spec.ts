import type { APIRequestContext, Browser } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  logIn,
  newFan,
  signIn,
  subscribeFromWallet,
  test,
  tokenOf,
  topUpByCard,
} from './fixtures';

// Issue 26 point 10: what fans expect from the social layer, on a phone and on a desktop.
const sizes = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

/** A new fan with 50 tokens who follows and subscribes to Ava, signed in on a page of their own. */
async function subscribedFan(browser: Browser, viewport: { width: number; height: number }, avaId: string) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const account = await newFan(page.request);
  const auth = await tokenOf(page.request, account.username, account.password);
  await topUpByCard(page.request, auth, 50);
  await subscribeFromWallet(page.request, auth, avaId);
  expect((await page.request.post(`/api/follows/${avaId}`, { headers: auth })).status()).toBe(200);
  await logIn(page, account.username, { password: account.password });
  return { page, context, account, auth };
}

async function ava(request: APIRequestContext) {
  const auth = await tokenOf(request, 'avastone', DEMO_PASSWORD);
  return { auth, id: (await (await request.get('/api/users/me', { headers: auth })).json())._id as string };
}

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

for (const { name, viewport } of sizes) {
  test.describe(name, () => {
    test('a fan likes a comment and replies under it; the replies open under "View N replies"', async ({ browser, page }) => {
      test.setTimeout(90_000);
      const creator = await ava(page.request);
      const words = tag();
      const post = await page.request.post('/api/performer/feeds', {
        headers: creator.auth,
        data: { type: 'text', text: `Ask me ${words}` },
      });
      expect(post.status()).toBe(200);
      const postId = (await post.json())._id as string;
      // Another fan has commented already.
      const other = await subscribedFan(browser, viewport, creator.id);
      const first = await other.page.request.post('/api/comments', {
        headers: other.auth,
        data: { objectType: 'feed', objectId: postId, content: `First question ${words}` },
      });
      expect(first.status()).toBe(200);
      await other.context.close();

      const { page: fan, context } = await subscribedFan(browser, viewport, creator.id);
      await fan.goto(`/post/${postId}`);
      const comment = fan
        .getByRole('region', { name: 'Comments' })
        .getByRole('listitem')
        .filter({ hasText: `First question ${words}` });
      await expect(comment).toBeVisible();
      const like = comment.getByRole('button', { name: '0 likes' });
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      await like.click();
      await expect(comment.getByRole('button', { name: '1 like' })).toHaveAttribute('aria-pressed', 'true');

      await comment.getByRole('button', { name: 'Reply', exact: true }).click();
      await comment.getByLabel('Write a reply').fill(`My answer ${words}`);
      await comment.getByRole('button', { name: 'Send reply' }).click();
      const replies = comment.getByRole('region', { name: /^Replies to / });
      await expect(replies.getByText(`My answer ${words}`)).toBeVisible();
      await expect(comment.getByRole('button', { name: 'Hide replies' })).toHaveAttribute('aria-expanded', 'true');
      await comment.getByRole('button', { name: 'Hide replies' }).click();
      await expect(comment.getByRole('button', { name: 'View 1 reply' })).toBeVisible();
      await comment.getByRole('button', { name: 'View 1 reply' }).click();
      await expect(replies.getByText(`My answer ${words}`)).toBeVisible();
      expect(await fan.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(fan);
      await context.close();
    });

    test('a fan likes a story and tips its creator from it; the creator sees the like', async ({ browser, page }) => {
      test.setTimeout(90_000);
      const creator = await ava(page.request);
      const words = tag();
      // On the default background, the brand blue: the viewer writes the text in a colour that reads on it (axe below).
      const story = await page.request.post('/api/stories/performers', {
        headers: creator.auth,
        data: { type: 'text', text: `Story ${words}` },
      });
      expect(story.status()).toBe(200);
      const storyId = (await story.json())._id as string;

      const { page: fan, context } = await subscribedFan(browser, viewport, creator.id);
      await fan.goto('/home');
      await fan.getByRole('button', { name: 'Stories of Ava Stone' }).click();
      const stage = fan.getByTestId('story-stage');
      const viewer = fan.getByRole('dialog').filter({ has: stage });
      // Walk to this run's story (earlier runs may have left others before it).
      await expect(async () => {
        if (!(await stage.textContent())?.includes(`Story ${words}`)) await viewer.getByRole('button', { name: 'Next story' }).click();
        await expect(stage).toContainText(`Story ${words}`, { timeout: 500 });
      }).toPass({ timeout: 20_000 });
      await viewer.getByRole('button', { name: 'Pause stories' }).click();
      const like = viewer.getByRole('button', { name: 'Like' });
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expectAccessible(fan);

      await viewer.getByRole('button', { name: 'Tip' }).click();
      const tip = fan.getByRole('dialog', { name: 'Tip Ava Stone' });
      // Keys typed in the tip dialog are its own: arrows and Space do not walk or play the stories.
      const amount = tip.getByLabel('Tip amount');
      await amount.fill('12');
      await amount.press('ArrowLeft');
      await tip.getByLabel('Tip message').pressSequentially('Love it');
      await tip.getByRole('button', { name: /^Pay \d/ }).click();
      await expect(fan.getByText(/^You tipped Ava Stone/)).toBeVisible();
      // The story stays open where it was.
      await expect(stage).toContainText(`Story ${words}`);
      await context.close();

      const own = await (await page.request.get('/api/stories/performers', { headers: creator.auth })).json();
      expect(own.data.find((item: { _id: string }) => item._id === storyId).likeCount).toBe(1);
      await page.setViewportSize(viewport);
      await signIn(page, 'avastone');
      await page.goto('/creator/stories');
      await expect(page.getByRole('listitem').filter({ hasText: `Story ${words}` })).toContainText('1 like');
    });

    test('a fan tips a creator from their conversation', async ({ browser, page }) => {
      test.setTimeout(90_000);
      const creator = await ava(page.request);
      const { page: fan, context } = await subscribedFan(browser, viewport, creator.id);
      await fan.goto('/avastone');
      await fan.locator('.profile-card').getByRole('button', { name: 'Message' }).click();
      await expect(fan).toHaveURL(/\/messages\?conversation=/);
      const header = fan.locator('.thread-header');
      await header.getByRole('button', { name: 'Tip' }).click();
      const dialog = fan.getByRole('dialog', { name: 'Tip Ava Stone' });
      await dialog.getByLabel('Tip message').fill('For the yoga plan');
      await dialog.getByRole('button', { name: /^Pay \d/ }).click();
      await expect(fan.getByText(/^You tipped Ava Stone/)).toBeVisible();
      // The tip is a line in the thread, with its amount and message.
      const line = fan.getByTestId('message').filter({ hasText: 'For the yoga plan' });
      await expect(line).toContainText(/You tipped \d+\.\d\d tokens/);
      expect(await fan.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(fan);
      await context.close();
    });

    test('a creator’s page header shows the counts the profile answers', async ({ page }) => {
      await page.setViewportSize(viewport);
      const creator = await ava(page.request);
      expect(
        (await page.request.post('/api/performer/feeds', { headers: creator.auth, data: { type: 'text', text: 'Counted' } })).status(),
      ).toBe(200);
      const counts = (await (await page.request.get('/api/performers/avastone')).json()).counts as Record<string, number>;
      expect(counts.posts).toBeGreaterThan(0);
      await page.goto('/avastone');
      const header = page.getByRole('list', { name: 'Content counts' });
      for (const [key, value] of Object.entries(counts)) {
        await expect(header.getByTestId(`count-${key}`)).toHaveText(new RegExp(`^${value.toLocaleString('en-US')} ${key.slice(0, -1)}s?$`));
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page);
    });
  });
}
