import { generateVideo } from '../../api/test/media';
import { expect, signIn, test } from './fixtures';

test('a creator uploads a welcome video that plays on their page once processed', async ({ page }) => {
  await signIn(page, 'leohart');
  await page.goto('/creator/account');
  const video = await generateVideo(2, 'mov');
  await page.locator('input[type=file][accept^="video/"]').setInputFiles({ name: 'hello.mov', mimeType: 'video/quicktime', buffer: video });
  await expect(page.getByText('Video uploaded: it will play once processed')).toBeVisible();
  await expect(page.getByLabel('Your welcome video')).toBeVisible({ timeout: 30_000 });

  await page.goto('/leohart');
  const player = page.getByLabel('Welcome video from Leo Hart');
  await expect(player).toHaveAttribute('src', /\/api\/media\/public\/videos\/.+\.mp4$/);
  const duration = await player.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        if (element.readyState >= 1) resolve(element.duration);
        else element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true });
      }),
  );
  expect(duration).toBeGreaterThan(1.5);
});
