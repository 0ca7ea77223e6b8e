import { DEMO_PASSWORD, expect, freePostBy, logIn, newFan, signIn, test } from './fixtures';

test('a fan follows and bookmarks a creator and finds them on the following and bookmarks pages', async ({ page }) => {
  // Creators with something to show, for the suggestions.
  for (const creator of ['leohart', 'avastone']) await freePostBy(page.request, creator);
  const fan = await newFan(page.request);
  await logIn(page, fan.username, { password: fan.password });
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/leohart');
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByText('You follow Leo Hart')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
  // The creator's own bookmark button, not those under their posts.
  const header = page.locator('.profile-card');
  await header.getByRole('button', { name: 'Bookmark' }).click();
  await expect(page.getByText('Leo Hart bookmarked')).toBeVisible();
  await expect(header.getByRole('button', { name: 'Remove bookmark' })).toBeVisible();

  await page.getByRole('link', { name: 'Following' }).click();
  await expect(page).toHaveURL(/\/user\/following$/);
  const followed = page.getByTestId('performer-card').filter({ hasText: 'Leo Hart' });
  await expect(followed).toBeVisible();
  await expect(followed.getByRole('button', { name: 'Following' })).toBeVisible();
  // After a reload the buttons show what the server knows, on this page and on Explore's cards.
  await page.reload();
  await expect(followed.getByRole('button', { name: 'Following' })).toBeVisible();
  await page.goto('/explore?q=leo');
  await expect(
    page.getByTestId('performer-card').filter({ hasText: 'Leo Hart' }).first().getByRole('button', { name: 'Following' }),
  ).toBeVisible();
  // The home page suggests only creators the fan does not follow yet.
  await page.goto('/home');
  const suggestions = page.getByRole('complementary', { name: 'Suggestions' });
  await expect(suggestions.getByTestId('performer-card').first()).toBeVisible();
  await expect(suggestions.getByTestId('performer-card').filter({ hasText: 'Leo Hart' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Bookmarks' }).click();
  // The home page (with its own creator cards) stays until the bookmarks page has loaded.
  await expect(page.getByRole('heading', { name: 'Bookmarks' })).toBeVisible();
  await expect(page.getByTestId('performer-card').filter({ hasText: 'Leo Hart' })).toBeVisible();

  await page.getByRole('link', { name: 'Following' }).click();
  await followed.getByRole('button', { name: 'Following' }).click();
  await expect(page.getByText('You no longer follow Leo Hart')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You do not follow anyone yet')).toBeVisible();
});

test('a visitor who tries to follow is asked to sign up and comes back to the creator', async ({ page }) => {
  await page.goto('/riovega');
  await page.locator('.profile-card').getByRole('button', { name: 'Follow' }).click();
  await expect(page).toHaveURL(/\/auth\/register\?redirect=%2Friovega%3Ffollow%3D1$/);
});

test('a creator fills in the profile and the plans and sees them on their page', async ({ page }) => {
  await signIn(page, 'riovega');
  await page.goto('/creator/account');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const [avatarInput, coverInput] = [page.locator('input[type=file]').nth(0), page.locator('input[type=file]').nth(1)];
  await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Avatar updated')).toBeVisible();
  await coverInput.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Cover updated')).toBeVisible();
  await page.getByLabel('About you').fill('Music, dance and live sessions. New songs every week!');
  await page.getByLabel('Hair colour').fill('Ging');
  await page.getByLabel('Hair colour').press('Enter');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();

  await page.getByRole('tab', { name: 'Subscription' }).click();
  await page.getByLabel('1 month').fill('1');
  await page.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByText('A plan price must be at least 2.95 tokens', { exact: true })).toBeVisible();
  await page.getByLabel('1 month').fill('12.5');
  await page.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByText('Changes saved').last()).toBeVisible();

  await page.getByRole('link', { name: 'My page' }).click();
  await expect(page).toHaveURL(/\/riovega$/);
  await expect(page.getByText('New songs every week!')).toBeVisible();
  await expect(page.getByText('Ginger')).toBeVisible();
  await expect(page.getByText('12.50')).toBeVisible();
  // The avatar, wherever the page shows it (the header, and beside what Rio wrote).
  await expect(page.getByRole('img', { name: 'Rio Vega', exact: true }).first()).toHaveAttribute(
    'src',
    /\/api\/media\/public\/avatars\/.+\.webp$/,
  );
  await expect(page.getByRole('img', { name: "Rio Vega's cover" })).toHaveAttribute('style', /\/api\/media\/public\/covers\//);
});

test('a creator keeps banking details on the banking page', async ({ page }) => {
  await signIn(page, 'leohart');
  await page.goto('/creator/banking');
  await page.getByLabel('First name').fill('Leo');
  await page.getByLabel('Last name').fill('Hart');
  await page.getByLabel('Bank name').fill('Thames Bank');
  await page.getByLabel('Account number or IBAN').fill('GB29NWBK60161331926819');
  await page.getByLabel('Country').fill('United King');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByText('Enter your current password').first()).toBeVisible();
  await page.getByLabel('Current password').first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Bank name')).toHaveValue('Thames Bank');
});

test('a fan discovers creators on the explore page and searches with filters kept in the URL', async ({ page }) => {
  await freePostBy(page.request, 'avastone');
  const fan = await newFan(page.request);
  await logIn(page, fan.username, { password: fan.password });
  await page.getByRole('link', { name: 'Explore all creators' }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('heading', { name: 'Top creators' })).toBeVisible();
  await expect(page.getByTestId('performer-card').first()).toBeVisible();

  await page.getByLabel('Search creators').fill('ava');
  await page.getByLabel('Search creators').press('Enter');
  await expect(page).toHaveURL(/q=ava/);
  await expect(page.getByRole('heading', { name: 'Top creators' })).toHaveCount(0);
  await expect(page.getByTestId('performer-card').filter({ hasText: 'Ava Stone' })).toBeVisible();

  await page.getByLabel('Search creators').fill('');
  await page.getByLabel('Search creators').press('Enter');
  await page.getByLabel('Gender').fill('Male');
  await page.getByLabel('Gender').press('Enter');
  await expect(page).toHaveURL(/gender=male/);
  await expect(page.getByRole('heading', { name: 'Top creators' })).toHaveCount(0);
  await expect(page.getByTestId('performer-card').filter({ hasText: 'Leo Hart' })).toBeVisible();
  await expect(page.getByTestId('performer-card').filter({ hasText: 'Ava Stone' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('performer-card').filter({ hasText: 'Leo Hart' })).toBeVisible();
  await expect(page.getByTestId('performer-card').filter({ hasText: 'Ava Stone' })).toHaveCount(0);
});
