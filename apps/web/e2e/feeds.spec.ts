import dayjs from 'dayjs';
import { generateVideo } from '../../api/test/media';
import { expect, signIn, test } from './fixtures';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a creator publishes photo, video and poll posts; a follower sees them locked and votes', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const tag = unique();
  await signIn(page, 'avastone');

  await page.goto('/creator/posts/new');
  await page.getByRole('radiogroup', { name: 'Kind of post' }).getByText('Photos', { exact: true }).click();
  await page.getByLabel('Post text').fill(`Photo day ${tag}`);
  await page.locator('input[type=file][accept^="image/"]').setInputFiles({ name: 'beach.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('progressbar', { name: 'beach.png upload progress' })).toBeHidden();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Your post is published')).toBeVisible();
  await expect(page).toHaveURL(/\/creator\/posts$/);

  await page.goto('/creator/posts/new');
  await page.getByRole('radiogroup', { name: 'Kind of post' }).getByText('Video', { exact: true }).click();
  await expect(page.getByText('A short public clip.')).toBeVisible();
  await page.getByLabel('Post text').fill(`Video night ${tag}`);
  const video = await generateVideo(2);
  const videoInputs = page.locator('input[type=file][accept^="video/"]');
  await videoInputs.nth(0).setInputFiles({ name: 'night.mov', mimeType: 'video/quicktime', buffer: video });
  await videoInputs.nth(1).setInputFiles({ name: 'teaser.mov', mimeType: 'video/quicktime', buffer: video });
  await expect(page.getByText('processing after upload')).toHaveCount(2);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Your post is published')).toBeVisible();

  await page.goto('/creator/posts/new');
  await page.getByLabel('Post text').fill(`Where next? ${tag}`);
  await page.getByLabel('Add a poll').check();
  await page.getByLabel('Question').fill('Pick a city');
  await page.getByLabel('Option 1').fill('Paris');
  await page.getByLabel('Option 2').fill('Tokyo');
  // Enter in the end date takes the typed date: it neither publishes the post nor drops the date.
  const pollEnds = dayjs().add(3, 'day').hour(18).minute(30).second(0);
  await page.getByLabel('Poll ends').fill(pollEnds.format('YYYY-MM-DD HH:mm:ss'));
  await page.getByLabel('Poll ends').press('Enter');
  // Typed with seconds, shown to the minute.
  await expect(page.getByLabel('Poll ends')).toHaveValue(pollEnds.format('YYYY-MM-DD HH:mm'));
  await expect(page).toHaveURL(/\/creator\/posts\/new$/);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Your post is published')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Where next\\? ${tag}`) })).toBeVisible();

  // A fan who follows but does not subscribe.
  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  const username = `follower_${tag}`;
  const registered = await fan.request.post('/api/auth/users/register', {
    data: {
      name: 'Follower Fan',
      username,
      email: `${username}@example.test`,
      password: 'follower-pass-1',
      ageConfirmed: true,
      termsAccepted: true,
    },
  });
  expect(registered.status()).toBe(201);
  await signIn(fan, username, 'follower-pass-1');
  await fan.goto('/avastone');
  await fan.locator('.profile-card').getByRole('button', { name: 'Follow' }).click();
  await expect(fan.getByText('You follow Ava Stone')).toBeVisible();

  await fan.goto('/home');
  const photoPost = fan.getByTestId('feed-card').filter({ hasText: `Photo day ${tag}` });
  await expect(photoPost.getByTestId('locked-media')).toContainText('Subscribe to see this photo');
  await expect(photoPost.locator('img[alt^="Photo"]')).toHaveCount(0);

  const videoPost = fan.getByTestId('feed-card').filter({ hasText: `Video night ${tag}` });
  await expect(videoPost.getByTestId('locked-media')).toContainText('Subscribe to see this video');
  await expect(async () => {
    await fan.reload();
    await expect(
      fan
        .getByTestId('feed-card')
        .filter({ hasText: `Video night ${tag}` })
        .getByLabel('Teaser'),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000 });

  const pollPost = fan.getByTestId('feed-card').filter({ hasText: `Where next? ${tag}` });
  await pollPost.getByRole('button', { name: 'Paris' }).click();
  await expect(fan.getByText('Thanks for voting')).toBeVisible();
  await expect(pollPost.getByText('1 vote')).toBeVisible();
  await expect(pollPost.getByText(/ends .*18:30/)).toBeVisible();
  await expect(pollPost.getByRole('progressbar', { name: 'Paris' })).toBeVisible();

  // Comments need access; anyone signed in may report.
  await pollPost.getByRole('button', { name: 'Comments' }).click();
  await expect(pollPost.getByText('Subscribe or unlock this post to comment.')).toBeVisible();
  await photoPost.getByRole('button', { name: 'Report' }).click();
  const dialog = fan.getByRole('dialog');
  await dialog.getByLabel('Why?').click();
  await fan.getByTitle('Spam or scam').click();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(fan.getByText('Thank you: an administrator will review your report.')).toBeVisible();

  // A bookmarked post waits on the bookmarks page, still locked.
  await photoPost.getByRole('button', { name: 'Bookmark' }).click();
  await expect(photoPost.getByRole('button', { name: 'Remove bookmark' })).toBeVisible();
  await fan.goto('/user/bookmarks');
  await fan.getByRole('tab', { name: 'Posts' }).click();
  await expect(fan).toHaveURL(/tab=posts/);
  const bookmarked = fan.getByTestId('feed-card').filter({ hasText: `Photo day ${tag}` });
  await expect(bookmarked.getByTestId('locked-media')).toBeVisible();
  await bookmarked.getByRole('button', { name: 'Remove bookmark' }).click();
  await expect(fan.getByText('No bookmarked posts yet.', { exact: false })).toBeVisible();
  await fanContext.close();

  // The creator answers in the comments of their own post.
  await page.goto('/avastone');
  const ownPoll = page.getByTestId('feed-card').filter({ hasText: `Where next? ${tag}` });
  await ownPoll.getByRole('button', { name: 'Comments' }).click();
  await ownPoll.getByLabel('Write a comment').fill('Vote before Friday!');
  await ownPoll.getByRole('button', { name: 'Send' }).click();
  await expect(ownPoll.getByRole('region', { name: 'Comments' }).getByText('Vote before Friday!')).toBeVisible();
  await expect(ownPoll.getByRole('button', { name: '1 comment', exact: true })).toHaveText('1');
});
