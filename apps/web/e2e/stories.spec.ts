import { DEMO_PASSWORD, expect, signIn, test, tokenOf } from './fixtures';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a creator posts stories and a follower watches them from the story bar', async ({ page, browser }) => {
  const tag = unique();
  // Ava's story comes first, so Rio's are the newest and Rio leads the fan's story bar.
  const ava = await tokenOf(page.request, 'avastone', DEMO_PASSWORD);
  const avaStory = await page.request.post('/api/stories/performers', { headers: ava, data: { type: 'text', text: `Ava says hi ${tag}` } });
  expect(avaStory.status()).toBe(200);
  await signIn(page, 'riovega');
  await page.goto('/creator/stories');
  await page.locator('input[type=file][accept^="image/"]').setInputFiles({ name: 'stage.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('progressbar', { name: 'Story upload progress' })).toHaveAttribute('aria-valuenow', '100');
  await page.getByLabel('Caption').fill(`Backstage ${tag}`);
  await page.getByRole('button', { name: 'Post story' }).click();
  await expect(page.getByText('Your story is live for 24 hours')).toBeVisible();

  await page.getByRole('radiogroup', { name: 'Kind of story' }).getByText('Text', { exact: true }).click();
  await page.getByLabel('Story text').fill(`Live at 9 ${tag}`);
  await page.getByRole('button', { name: 'Post story' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: `Live at 9 ${tag}` })).toBeVisible();

  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  const username = `storyfan_${tag}`;
  expect(
    (
      await fan.request.post('/api/auth/users/register', {
        data: {
          name: 'Story Fan',
          username,
          email: `${username}@example.test`,
          password: 'story-pass-1',
          ageConfirmed: true,
          termsAccepted: true,
        },
      })
    ).status(),
  ).toBe(201);
  await signIn(fan, username, 'story-pass-1');
  await fan.goto('/riovega');
  await fan.getByRole('button', { name: 'Follow' }).click();
  await expect(fan.getByText('You follow Rio Vega')).toBeVisible();
  await fan.goto('/avastone');
  await fan.locator('.profile-card').getByRole('button', { name: 'Follow' }).click();
  await expect(fan.getByText('You follow Ava Stone')).toBeVisible();
  await fan.goto('/home');
  await fan.getByRole('button', { name: 'Stories of Rio Vega' }).click();
  const stage = fan.getByTestId('story-stage');
  await expect(stage.getByRole('img', { name: 'Story 1 of 2 by Rio Vega' })).toBeVisible();
  await expect(stage).toContainText(`Backstage ${tag}`);
  await fan.getByRole('button', { name: 'Next story' }).click();
  await expect(stage).toContainText(`Live at 9 ${tag}`);
  // Past Rio's last story, the viewer goes on to the next creator in the bar, from their first.
  await fan.getByRole('button', { name: 'Next story' }).click();
  const viewer = fan.getByRole('dialog').filter({ has: stage });
  await expect(viewer.getByText('Ava Stone', { exact: true })).toBeVisible();
  await expect(viewer.getByRole('status')).toHaveAttribute('aria-label', /^Story 1 of \d+$/);
  await fanContext.close();
});
