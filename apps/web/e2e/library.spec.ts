import { generateVideo } from '../../api/test/media';
import { expect, logIn, signIn, test } from './fixtures';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const photo = (name: string) => ({ name, mimeType: 'image/png', buffer: png });

test('a creator fills the video library and a gallery; a follower sees both locked and bookmarks them', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const tag = unique();
  await logIn(page, 'avastone');

  // A video for sale, with thumbnail and teaser, in one upload with a progress bar.
  await page.goto('/creator/videos');
  await page.getByRole('link', { name: 'Upload video' }).click();
  const clip = await generateVideo(2);
  await page
    .locator('input[type=file][accept^="video/"]')
    .nth(0)
    .setInputFiles({ name: 'sunset.mov', mimeType: 'video/quicktime', buffer: clip });
  await page.locator('input[type=file][accept^="image/"]').setInputFiles(photo('poster.png'));
  await page
    .locator('input[type=file][accept^="video/"]')
    .nth(1)
    .setInputFiles({ name: 'teaser.mov', mimeType: 'video/quicktime', buffer: clip });
  await page.getByLabel('Title').fill(`Sunset film ${tag}`);
  await page.getByLabel('Pay to unlock').click();
  await page.getByLabel('Price (tokens)').fill('12');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByText('Video uploaded: it will play once processed')).toBeVisible();
  const videoRow = page.getByRole('row', { name: new RegExp(`Sunset film ${tag}`) });
  // The table refreshes itself until processing is done.
  await expect(videoRow.getByText('Published')).toBeVisible({ timeout: 45_000 });

  // Renamed from the edit screen.
  await videoRow.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(`Sunset film ${tag}`);
  await page.getByLabel('Title').fill(`Golden hour ${tag}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Video saved')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Golden hour ${tag}`) })).toBeVisible();

  // A subscriber-only gallery: three photos in one go, each with its own progress, then a new cover.
  await page.goto('/creator/galleries');
  await page.getByRole('link', { name: 'New gallery' }).click();
  await page.getByLabel('Title').fill(`Holiday ${tag}`);
  await page.getByRole('button', { name: 'Create gallery' }).click();
  await expect(page.getByText('Gallery created: now add its photos')).toBeVisible();
  await page.locator('input[type=file][accept^="image/"]').setInputFiles([photo('one.png'), photo('two.png'), photo('three.png')]);
  await expect(page.getByTestId('gallery-photo')).toHaveCount(3, { timeout: 15_000 });
  await expect(page.getByText('Photos (3)')).toBeVisible();
  await expect(page.getByTestId('gallery-photo').nth(0).getByText('Cover')).toBeVisible();
  await page.getByTestId('gallery-photo').nth(1).getByRole('button', { name: 'Make cover' }).click();
  await expect(page.getByText('Cover changed')).toBeVisible();
  await expect(page.getByTestId('gallery-photo').nth(1).getByText('Cover')).toBeVisible();

  // The owner opens the lightbox on the gallery page.
  await page.goto('/avastone?tab=galleries');
  await page.getByRole('link', { name: `Holiday ${tag}` }).click();
  await page.getByRole('img', { name: 'Photo 1' }).click();
  await expect(page.getByTestId('lightbox-image')).toBeVisible();
  await page.keyboard.press('Escape');

  // A fan who follows but does not subscribe.
  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  const username = `viewer_${tag}`;
  const registered = await fan.request.post('/api/auth/users/register', {
    data: {
      name: 'Viewer Fan',
      username,
      email: `${username}@example.test`,
      password: 'viewer-pass-1',
      ageConfirmed: true,
      termsAccepted: true,
    },
  });
  expect(registered.status()).toBe(201);
  await signIn(fan, username, 'viewer-pass-1');

  await fan.goto('/avastone');
  await fan.getByRole('tab', { name: 'Videos' }).click();
  await expect(fan).toHaveURL(/tab=videos/);
  const videoCard = fan.getByRole('link', { name: `Golden hour ${tag}` });
  await expect(videoCard.getByText('12.00 tokens')).toBeVisible();
  await videoCard.click();
  await expect(fan.getByTestId('locked-media')).toContainText('Unlock this video for 12.00 tokens');
  await expect(fan.getByLabel('Teaser')).toBeVisible();
  await expect(fan.getByLabel(`Golden hour ${tag}`, { exact: true })).toHaveCount(0);
  await expect(fan.getByText('1 views', { exact: false })).toBeVisible();
  await fan.getByRole('button', { name: 'Bookmark' }).click();
  await expect(fan.getByRole('button', { name: 'Remove bookmark' })).toBeVisible();
  await fan.getByRole('button', { name: 'Comments' }).click();
  await expect(fan.getByText('Subscribe or unlock this post to comment.')).toBeVisible();

  await fan.goto('/avastone?tab=galleries');
  await fan.getByRole('link', { name: `Holiday ${tag}` }).click();
  await expect(fan.getByTestId('locked-media')).toContainText('Subscribe to see this gallery');
  await expect(fan.getByTestId('locked-media')).toContainText('3 photos');
  await expect(fan.locator('.gallery-photos')).toHaveCount(0);
  await fan.getByRole('button', { name: 'Like' }).click();
  await expect(fan.getByRole('button', { name: '1 like', exact: true, pressed: true })).toHaveText('1');

  await fan.goto('/user/bookmarks?tab=videos');
  await expect(fan.getByRole('link', { name: `Golden hour ${tag}` })).toBeVisible();
  await fanContext.close();
});

test('a creator edits a post from the posts table', async ({ page }) => {
  const tag = unique();
  await signIn(page, 'avastone');
  await page.goto('/creator/posts/new');
  await page.getByLabel('Post text').fill(`First draft ${tag}`);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Your post is published')).toBeVisible();

  // Its date is the post's own page, comments open.
  await page.goto('/avastone');
  const card = page.getByTestId('feed-card').filter({ hasText: `First draft ${tag}` });
  await card.getByRole('link', { name: /\d\d:\d\d$/ }).click();
  await expect(page).toHaveURL(/\/post\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Comments' })).toBeVisible();

  await page.goto('/creator/posts');
  await page
    .getByRole('row', { name: new RegExp(`First draft ${tag}`) })
    .getByRole('link', { name: 'Edit' })
    .click();
  await expect(page.getByRole('heading', { name: 'Edit post' })).toBeVisible();
  await expect(page.getByLabel('Post text')).toHaveValue(`First draft ${tag}`);
  await page.getByLabel('Post text').fill(`Final words ${tag}`);
  await page.getByLabel('Hide from fans').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your post is saved')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`Final words ${tag}`) });
  await expect(row.getByText('Hidden')).toBeVisible();
});
