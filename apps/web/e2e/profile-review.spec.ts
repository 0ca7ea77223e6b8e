import { accounts, expect, expectAccessible, logIn, logOut, newVerifiedCreator, setSettingAsAdmin, signIn, test } from './fixtures';

for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`a flagged creator's new bio waits in review until the admin approves it, old against new (${size.name})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    // Set up beside the browser: a verified creator with a bio, and the site reviewing flagged creators.
    const { username, password, id: creatorId, headers: creatorAuth } = await newVerifiedCreator(page.request, 'rev', 'Rosa Review');
    const oldBio = `Painter of quiet rooms ${username}`;
    const newBio = `Now painting loud streets ${username}`;
    expect((await page.request.put('/api/performers/me', { headers: creatorAuth, data: { bio: oldBio } })).status()).toBe(200);
    await setSettingAsAdmin(page, 'reviewBeforePublication', 'flagged');

    const fan = await browser.newPage({ viewport: { width: size.width, height: size.height } });
    try {
      // The admin flags the creator in their account drawer.
      await signIn(page, accounts.admin);
      await page.goto(`/admin/creators?account=${creatorId}`);
      const drawer = page.getByRole('dialog');
      await drawer.getByRole('checkbox', { name: 'Review before publication' }).check();
      await drawer.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText('Changes saved')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await logOut(page);

      // The creator changes their bio: sent for review, "In review" with the new bio in the form and the public one noted.
      await logIn(page, username, { password });
      await page.goto('/creator/account');
      await page.getByLabel('About you').fill(newBio);
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByText('Sent for review: fans see your changes once an administrator approves them')).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'In review' })).toBeVisible();
      await expect(page.getByLabel('About you')).toHaveValue(newBio);
      await expect(page.getByText(`In review. Fans see: ${oldBio}`)).toBeVisible();
      await expectAccessible(page);

      // A visitor still reads the old bio.
      await fan.goto(`/${username}`);
      await expect(fan.getByText(oldBio)).toBeVisible();
      await expect(fan.getByText(newBio)).toHaveCount(0);
      await logOut(page);

      // The admin finds it in the queue and sees old against new, then approves.
      await signIn(page, accounts.admin);
      await page.goto('/admin/reports?reason=prePublication&targetType=profileRevision');
      await expect(page.getByRole('button', { name: 'Profile changes' }).first()).toBeVisible();
      await page.goto(`/admin/reports?reason=prePublication&targetType=profileRevision&case=profileRevision:${creatorId}`);
      const review = page.getByRole('dialog', { name: 'Profile changes to review' });
      const bio = review.locator('.ant-card').filter({ hasText: 'About you' });
      await expect(bio.getByText(oldBio)).toBeVisible({ timeout: 20_000 });
      await expect(bio.getByText(newBio)).toBeVisible();
      await expect(bio.getByText('Public now')).toBeVisible();
      await expectAccessible(page);
      await review.getByRole('button', { name: 'Approve changes' }).click();
      await expect(page.getByText('Profile changes approved: fans see them now')).toBeVisible();

      // The visitor now reads the new bio.
      await fan.reload();
      await expect(fan.getByText(newBio)).toBeVisible();
      await expect(fan.getByText(oldBio)).toHaveCount(0);
    } finally {
      await fan.close();
      await setSettingAsAdmin(page, 'reviewBeforePublication', 'off');
    }
  });
}
