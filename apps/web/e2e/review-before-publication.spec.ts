import {
  accessibleInBothThemes,
  accounts,
  expect,
  expectAccessible,
  logOut,
  newFan,
  newVerifiedCreator,
  setSettingAsAdmin,
  signIn,
  test,
  tokenOf,
} from './fixtures';

// Review before publication (decision 054), end to end: the admin's setting and flag, the
// creator's "In review", the fan who sees nothing, the queue's pre-publication case and approval.
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`the admin reviews a flagged creator's post before fans see it (${size.name})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const tag = unique();
    const words = `Fresh from the studio ${tag}`;
    const creator = await newVerifiedCreator(page.request, 'rev', 'Rae Review');
    try {
      // The admin turns the setting to "flagged" and flags the creator in the account drawer.
      await signIn(page, accounts.admin);
      await page.goto('/admin/settings?group=general');
      const setting = page.getByTestId('setting-reviewBeforePublication');
      await setting.getByRole('combobox').click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'Only creators flagged by an admin' }).click();
      await expect(setting).toContainText('Only creators flagged by an admin');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Changes saved')).toBeVisible();
      await accessibleInBothThemes(page);

      await page.goto(`/admin/creators?q=${creator.username}`);
      await page.getByRole('button', { name: 'Manage' }).first().click();
      const drawer = page.getByRole('dialog', { name: `Manage @${creator.username}` });
      await drawer.getByRole('checkbox', { name: 'Review before publication' }).check();
      await drawer.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText('Changes saved')).toBeVisible();
      await accessibleInBothThemes(page);
      await drawer.getByRole('button', { name: 'Close' }).click();
      await logOut(page);

      // The creator publishes a free post: it waits, marked "In review" in their list.
      await signIn(page, creator.username, creator.password);
      await page.goto('/creator/posts/new');
      await page.getByLabel('Post text').fill(words);
      await page.getByRole('radio', { name: 'Everyone (free)' }).check();
      await page.getByRole('button', { name: 'Publish' }).click();
      await expect(page.getByText('Your post is saved. It waits for review')).toBeVisible();
      await expect(page).toHaveURL(/\/creator\/posts$/);
      const row = page.getByRole('row', { name: new RegExp(words) });
      await expect(row.getByText('In review')).toBeVisible();
      await expectAccessible(page);
      await logOut(page);

      // A fan does not see it on the creator's page.
      const fan = await newFan(page.request);
      await signIn(page, fan.username, fan.password);
      await page.goto(`/${creator.username}`);
      await expect(page.getByRole('heading', { name: 'Rae Review' }).first()).toBeVisible();
      await expect(page.getByText(words)).toHaveCount(0);
      await logOut(page);

      // The admin filters the queue to pre-publication cases, opens the case, sees the post and approves it.
      await signIn(page, accounts.admin);
      await page.goto('/admin/reports');
      await page.getByRole('combobox', { name: 'Filter by reason' }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'Review before publication' }).click();
      await expect(page).toHaveURL(/reason=prePublication/);
      const waiting = page.getByRole('row').filter({ hasText: 'In review' });
      await expect(waiting).toHaveCount(1);
      await accessibleInBothThemes(page);
      await waiting.getByRole('button', { name: 'Post' }).click();
      const review = page.getByRole('dialog', { name: 'Review before publication' });
      await expect(review.getByText(words)).toBeVisible({ timeout: 20_000 });
      await expect(review.getByText('In review: not published yet')).toBeVisible();
      await accessibleInBothThemes(page);
      await review.getByRole('button', { name: 'Approve and publish' }).click();
      await expect(page.getByText('Approved and published')).toBeVisible();
      // The case is closed, and so is its drawer; the queue has nothing more waiting.
      await expect(review).toBeHidden();
      await expect(page.getByText('Nothing waits for review')).toBeVisible();
      await logOut(page);

      // The fan now sees it.
      await signIn(page, fan.username, fan.password);
      await page.goto(`/${creator.username}`);
      await expect(page.getByText(words)).toBeVisible();
    } finally {
      // The setting is the whole site's: back to off for every other test, even after a failure
      // here, and a case left open by a failure is closed (by deleting the post) so a retry finds only its own.
      await setSettingAsAdmin(page, 'reviewBeforePublication', 'off');
      const creatorAuth = await tokenOf(page.request, creator.username, creator.password);
      const own = await (await page.request.get('/api/performer/feeds', { headers: creatorAuth })).json();
      for (const post of own.data as Array<{ _id: string; moderation: { prePublication: boolean } | null }>) {
        if (post.moderation?.prePublication) await page.request.delete(`/api/performer/feeds/${post._id}`, { headers: creatorAuth });
      }
    }
  });
}
