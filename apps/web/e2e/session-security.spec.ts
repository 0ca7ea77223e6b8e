import { expect, expectAccessible, logIn, newFan, signIn, test } from './fixtures';

/** Decision 047: the session out of script's reach, the CSRF defence, and deleting one's own account. */
const viewports = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

for (const { name, viewport } of viewports) {
  test(`on a ${name}: the session cookie is HttpOnly, no script sees the token, and a foreign-origin write with it is refused`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize(viewport);
    const fan = await newFan(page.request);
    await logIn(page, fan.username, { password: fan.password });
    await expect(page.getByRole('main')).toBeVisible();

    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'token');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain(session!.value);
    expect(visible).not.toMatch(/(^|; )token=/);
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(session!.value);

    // The page's own write goes through; the same write claiming another site's origin does not.
    const own = await page.evaluate(
      async () =>
        (
          await fetch('/api/users', {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Own Page' }),
          })
        ).status,
    );
    expect(own).toBe(200);
    const foreign = await page.request.put('/api/users', {
      data: { name: 'Another Site' },
      headers: { origin: 'https://evil.example', cookie: `token=${session!.value}` },
    });
    expect(foreign.status()).toBe(403);
    expect((await foreign.json()).code).toBe('CROSS_SITE_REQUEST');

    await page.goto('/user/account');
    await expect(page.getByText('Where you are signed in')).toBeVisible();
    await expectAccessible(page);
  });

  test(`on a ${name}: a fan deletes their account and can no longer sign in`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const fan = await newFan(page.request);
    await signIn(page, fan.username, fan.password);
    await page.goto('/user/account');
    const card = page.locator('.ant-card').filter({ hasText: 'Delete account' });
    await card.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Your password').fill(fan.password);
    await dialog.getByLabel(/Type your username/).fill(fan.username);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account has been deleted')).toBeVisible();
    await page.waitForURL((url) => url.pathname.startsWith('/auth/login'));

    await logIn(page, fan.username, { password: fan.password, fails: true });
    await expect(page.getByText('Incorrect credentials!')).toBeVisible();
  });
}
