import sharp from 'sharp';
import { DEMO_PASSWORD, expect, expectAccessible, freePostBy, signIn, test, tokenOf } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A visitor from an address of their own (the test server trusts X-Forwarded-For, as behind a proxy). */
const visitorAt = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

test('popular searches show only searches that found creators for several people, never junk', async ({ page }) => {
  const junk = `zzq ${unique()}`;
  // Three different visitors search for Leo and for junk; one visitor searches for Rio three times.
  for (let visitor = 0; visitor < 3; visitor += 1) {
    const headers = { 'x-forwarded-for': visitorAt() };
    for (const keyword of ['Leo', junk])
      expect((await page.request.post('/api/search/keywords', { headers, data: { keyword } })).status()).toBe(200);
  }
  const one = { 'x-forwarded-for': visitorAt() };
  for (let again = 0; again < 3; again += 1)
    await page.request.post('/api/search/keywords', { headers: one, data: { keyword: 'rio vega' } });

  await page.goto('/explore');
  const popular = page.getByText('Popular searches:').locator('..');
  await expect(popular.getByText('leo', { exact: true })).toBeVisible();
  await expect(popular.getByText(junk)).toHaveCount(0);
  await expect(popular.getByText('rio vega')).toHaveCount(0);
  await popular.getByText('leo', { exact: true }).click();
  await expect(page).toHaveURL(/\/explore\?q=leo/);
  await expect(
    page
      .getByRole('region', { name: /^\d+ creators?$/ })
      .getByTestId('performer-card')
      .filter({ hasText: 'Leo Hart' }),
  ).toBeVisible();
});

test('creator cards say what following costs and what there is to see, each creator on one shelf', async ({ page }) => {
  await freePostBy(page.request, 'leohart', `Workout plan ${unique()}`);
  await page.goto('/explore');
  const top = page.getByRole('region', { name: 'Top creators' });
  const leo = top.getByTestId('performer-card').filter({ hasText: 'Leo Hart' });
  // Leo's plans: 12.00 tokens a month, 30.00 for three months.
  await expect(leo).toContainText('From 10.00 tokens a month');
  await expect(leo).toContainText(/\d+ posts?/);
  await expect(leo).toContainText('Fitness coach');
  // Each creator shows on one shelf only.
  await expect(page.getByTestId('performer-card').filter({ hasText: 'Leo Hart' })).toHaveCount(1);
  await expectAccessible(page);
});

test('a post for everyone is made as free and reads free to a visitor; a poll end typed without seconds is kept', async ({
  browser,
  page,
}) => {
  test.setTimeout(60_000);
  const tag = unique();
  await signIn(page, 'riovega');
  await page.goto('/creator/posts/new');
  await page.getByLabel('Post text').fill(`Free for all ${tag}`);
  await page.getByRole('radio', { name: 'Everyone (free)' }).check();
  await expect(page.getByLabel('Price (tokens)')).toHaveCount(0);
  // Pay to unlock asks for a price above 0.
  await page.getByRole('radio', { name: 'Pay to unlock' }).check();
  await page.getByLabel('Price (tokens)').fill('0');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('A price to unlock must be at least 0.01 tokens')).toBeVisible();
  await page.getByRole('radio', { name: 'Everyone (free)' }).check();

  await page.getByRole('checkbox', { name: 'Add a poll' }).check();
  await page.getByLabel('Option 1').fill('Yes');
  await page.getByLabel('Option 2').fill('No');
  const ends = `${new Date().getFullYear() + 1}-12-05 18:00`;
  await page.getByLabel('Poll ends').fill(ends);
  await page.getByLabel('Post text').click();
  await expect(page.getByLabel('Poll ends')).toHaveValue(ends);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Your post is published')).toBeVisible();

  // My posts reads labels, not stored values.
  const row = page.getByRole('row').filter({ hasText: `Free for all ${tag}` });
  await expect(row).toContainText('Everyone (free)');
  await expect(row).toContainText('Published');
  await expect(row).toContainText('Text + poll');

  // The poll ends when typed (the browser's time zone, UTC here), not a day from now.
  const mine = await page.request.get('/api/performer/feeds', {
    headers: await tokenOf(page.request, 'riovega', DEMO_PASSWORD),
    params: { q: tag },
  });
  const [feed] = (await mine.json()).data;
  expect(new Date(feed.poll.expiredAt).toISOString()).toBe(new Date(ends.replace(' ', 'T')).toISOString());

  const visitor = await browser.newPage();
  await visitor.goto('/riovega');
  const card = visitor.getByTestId('feed-card').filter({ hasText: `Free for all ${tag}` });
  await expect(card.getByText('Free', { exact: true })).toBeVisible();
  await expect(card.getByTestId('locked-media')).toHaveCount(0);
  await visitor.close();
});

test('a visitor on a phone finds Sign up in the header', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await header.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/auth\/register$/);
  await expectAccessible(page);
});

test('photos chosen together join the gallery in the order chosen', async ({ page }) => {
  test.setTimeout(60_000);
  const tag = unique();
  // The first, largest picture takes longest to send and process: three at once were filed as each finished.
  const noise = Buffer.alloc(1200 * 1200 * 3, 0).map(() => Math.floor(Math.random() * 256));
  const large = await sharp(noise, { raw: { width: 1200, height: 1200, channels: 3 } })
    .png()
    .toBuffer();
  const small = (width: number) =>
    sharp({ create: { width, height: 40, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
  await signIn(page, 'avastone');
  await page.goto('/creator/galleries');
  await page.getByRole('link', { name: 'New gallery' }).click();
  await page.getByLabel('Title').fill(`In order ${tag}`);
  await page.getByRole('button', { name: 'Create gallery' }).click();
  await expect(page.getByText('Gallery created: now add its photos')).toBeVisible();
  await page.locator('input[type=file][accept^="image/"]').setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: large },
    { name: 'second.png', mimeType: 'image/png', buffer: await small(300) },
    { name: 'third.png', mimeType: 'image/png', buffer: await small(200) },
  ]);
  await expect(page.getByTestId('gallery-photo')).toHaveCount(3, { timeout: 30_000 });
  const galleryId = new URL(page.url()).pathname.split('/').pop();
  const photos = await page.request.get('/api/performer/performer-assets/photos/search', {
    headers: await tokenOf(page.request, 'avastone', DEMO_PASSWORD),
    params: { galleryId: galleryId ?? '', sortBy: 'createdAt', sort: 'asc', limit: 10 },
  });
  expect((await photos.json()).data.map((photo: { file: { width: number } }) => photo.file.width)).toEqual([1200, 300, 200]);
  // The alt text counter sits on its own line, clear of the delete button under it.
  const first = page.getByTestId('gallery-photo').first();
  const counter = await first.locator('.ant-input-data-count').boundingBox();
  const remove = await first.getByRole('button', { name: 'Delete photo 1' }).boundingBox();
  expect(counter!.y + counter!.height).toBeLessThanOrEqual(remove!.y);
});
