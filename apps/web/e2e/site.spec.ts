import { accounts, DEMO_PASSWORD, expect, expectAccessible, logIn, signIn, test } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('the admin publishes a page and a banner; visitors read the page and fans see the banner', async ({ page }) => {
  const title = `House rules ${unique()}`;
  await signIn(page, accounts.admin);
  await page.goto('/admin/pages');
  await page.getByRole('button', { name: 'New page' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await expect(dialog.getByLabel('Slug')).toHaveValue(title.toLowerCase().replaceAll(' ', '-'));
  await dialog.getByLabel('Content (HTML)').fill('<p>Be kind.</p><script>alert(1)</script>');
  await dialog.getByLabel('Status').click();
  await page.getByTitle('published').click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The page was created')).toBeVisible();
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('Be kind.')).toBeVisible();

  const banner = `Spring festival ${unique()}`;
  await page.goto('/admin/promos');
  await page.getByRole('button', { name: 'New promo' }).click();
  await page.getByRole('dialog').getByLabel('Title').fill(banner);
  await page.getByRole('dialog').getByLabel('Link').fill('/contact');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The promo was created')).toBeVisible();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  await page
    .getByRole('row', { name: new RegExp(banner) })
    .locator('input[type=file]')
    .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image updated')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(banner) }).locator('img')).toBeVisible();

  await page.context().clearCookies();
  await logIn(page, accounts.fan);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('region', { name: 'Promotions' }).getByText(banner).first()).toBeVisible();
});

test('banners that take turns keep the hidden ones out of the keyboard’s way', async ({ page }) => {
  const admin = await page.request.post('/api/auth/login', { data: { email: accounts.admin, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await admin.json()).token}` };
  const created = await Promise.all(
    ['Summer sale', 'New creators'].map((title) =>
      page.request.post('/api/admin/site-promos', { headers, data: { title: `${title} ${unique()}`, href: '/contact' } }),
    ),
  );
  try {
    await logIn(page, accounts.fan);
    const promotions = page.getByRole('region', { name: 'Promotions' });
    await expect(promotions.getByRole('link').first()).toBeVisible();
    // One banner a keyboard can reach at a time: the one shown.
    await expect(promotions.locator('.slick-slide:not([inert]) a')).toHaveCount(1);
    await expectAccessible(page);
  } finally {
    for (const promo of created) await page.request.delete(`/api/admin/site-promos/${(await promo.json())._id}`, { headers });
  }
});

test('a visitor writes to the team through the contact form', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Your name').fill('Curious Visitor');
  await page.getByLabel('E-mail').fill('visitor@example.test');
  await page.getByLabel('Message').fill('Too short');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
  await page.getByLabel('Message').fill('Hello! How do payouts work for creators?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Thank you for contacting us, we will reply as soon as possible.')).toBeVisible();
});

test("the wallet links to the site's terms page, and offers token packages once the admin has defined one instead of a greyed-out tab", async ({
  page,
}) => {
  await signIn(page, accounts.fan);
  await page.goto('/user/wallet');
  await expect(page.getByRole('button', { name: /Pay/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Packages' })).toHaveCount(0);
  // The wallet's own link (the footer has one too).
  await page.getByRole('main').getByRole('link', { name: 'Terms' }).click();
  await expect(page.getByRole('heading', { name: 'Terms' })).toBeVisible();

  const admin = await page.request.post('/api/auth/login', { data: { email: accounts.admin, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await admin.json()).token}` };
  const created = await page.request.post('/api/admin/token-packages', { headers, data: { name: 'Starter', price: 9, tokens: 10 } });
  expect(created.status()).toBe(201);
  try {
    await page.goto('/user/wallet');
    await page.getByText('Packages', { exact: true }).click();
    await expect(page.getByRole('radio', { name: /Starter/ })).toBeVisible();
  } finally {
    await page.request.delete(`/api/admin/token-packages/${(await created.json())._id}`, { headers });
  }
});
