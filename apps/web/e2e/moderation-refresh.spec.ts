import type { APIRequestContext, Page } from '@playwright/test';
import { accounts, DEMO_PASSWORD, expect, freePostBy, newFan, signIn, test, tokenOf } from './fixtures';

/**
 * Posts and comments are not pushed over the socket (messages and chat lines are, and retracted
 * there): an open page drops one that moderation hid when it refetches, that is when the person
 * comes back to the tab, or when they act on the item and the API answers that it is gone.
 */
async function hide(request: APIRequestContext, targetType: 'feed' | 'comment', targetId: string) {
  const login = await request.post('/api/auth/login', { data: { email: accounts.admin, password: DEMO_PASSWORD } });
  const response = await request.post('/api/admin/moderation/actions', {
    headers: { authorization: `Bearer ${(await login.json()).token}` },
    data: { targetType, targetId, action: 'hide', reason: 'Against the rules' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The person comes back to the tab: the window gets the focus again. */
const comeBack = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

test('a comment and a post hidden by moderation leave the page a fan has open once they come back to it', async ({ page }) => {
  const words = `Open page ${Date.now().toString(36)}`;
  const postId = await freePostBy(page.request, accounts.creator, words);
  const commenter = await newFan(page.request);
  const comment = await page.request.post('/api/comments', {
    headers: await tokenOf(page.request, commenter.username, commenter.password),
    data: { objectType: 'feed', objectId: postId, content: `Buy followers at ${words}` },
  });
  expect(comment.status(), await comment.text()).toBe(200);

  const fan = await newFan(page.request);
  await signIn(page, fan.username, fan.password);
  await page.goto(`/post/${postId}`);
  const comments = page.getByRole('region', { name: 'Comments' });
  await expect(comments.getByText(`Buy followers at ${words}`)).toBeVisible();
  await hide(page.request, 'comment', (await comment.json())._id);
  await comeBack(page);
  await expect(comments.getByText(`Buy followers at ${words}`)).toHaveCount(0);
  await expect(page.getByText(words, { exact: true })).toBeVisible();

  await hide(page.request, 'feed', postId);
  await comeBack(page);
  await expect(page.getByText('Post not found')).toBeVisible();
});

test('a post hidden while a fan has the creator page open leaves the list when they like it, saying it is not found', async ({ page }) => {
  const words = `Liked too late ${Date.now().toString(36)}`;
  const postId = await freePostBy(page.request, accounts.creator, words);
  const fan = await newFan(page.request);
  await signIn(page, fan.username, fan.password);
  await page.goto(`/${accounts.creator}`);
  const post = page.getByTestId('feed-card').filter({ hasText: words });
  await expect(post).toBeVisible();

  await hide(page.request, 'feed', postId);
  await post.getByRole('button', { name: 'Like' }).click();
  await expect(page.getByText(/not found/i).first()).toBeVisible();
  await expect(post).toHaveCount(0);
});
