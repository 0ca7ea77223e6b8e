import { DEMO_PASSWORD, expect, expectAccessible, freePostBy, logIn, newFan, test, tokenOf } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('a new fan with an empty timeline is offered the way to creators', async ({ page }) => {
  const fan = await newFan(page.request);
  await logIn(page, fan.username, { password: fan.password });
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Your timeline is empty.')).toBeVisible();
  await page.getByRole('link', { name: 'Explore creators', exact: true }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Explore');
});

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test(`a fan's home shows the timeline with suggestions beside it, accessible at ${width}px in light and dark`, async ({
    page,
  }, testInfo) => {
    const tag = unique();
    const ava = await tokenOf(page.request, 'avastone', DEMO_PASSWORD);
    const post = await page.request.post('/api/performer/feeds', {
      headers: ava,
      data: { type: 'text', text: `Good morning fans ${tag}`, isSale: true, price: 0 },
    });
    expect(post.status()).toBe(200);
    // Suggested: a creator with something to show.
    await freePostBy(page.request, 'leohart');
    const fan = await newFan(page.request);
    const avaId = (await (await page.request.get('/api/performers/avastone')).json())._id as string;
    const follows = await page.request.post(`/api/follows/${avaId}`, { headers: await tokenOf(page.request, fan.username, fan.password) });
    expect(follows.status()).toBeLessThan(300);

    await page.setViewportSize({ width, height });
    await logIn(page, fan.username, { password: fan.password });
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Social Fan');
    await expect(page.getByTestId('feed-card').filter({ hasText: `Good morning fans ${tag}` })).toBeVisible();
    const suggestions = page.getByRole('complementary', { name: 'Suggestions' });
    await expect(suggestions.getByTestId('performer-card').filter({ hasText: 'Leo Hart' })).toBeVisible();
    // Beside the timeline on a wide screen, under it on a phone.
    const timeline = await page.getByRole('region', { name: 'Your timeline' }).boundingBox();
    const aside = await suggestions.boundingBox();
    if (width > 991) expect(aside!.x).toBeGreaterThan(timeline!.x + timeline!.width);
    else expect(aside!.y).toBeGreaterThan(timeline!.y + timeline!.height - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`home-${width}-light.png`), fullPage: true });
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`home-${width}-dark.png`), fullPage: true });
  });
}
