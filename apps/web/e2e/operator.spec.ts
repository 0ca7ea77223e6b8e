import {
  accounts,
  chooseTheme,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  fillSignUp,
  logIn,
  newCreator,
  signIn,
  test,
  tokenOf,
  topUpByCard,
} from './fixtures';

// Sign-up an operator can defend, verification with reasons and the admin's dashboard (decisions 050, 051).
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const widths = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
];

test('a fan signs up only with both boxes ticked, linked to the Terms and the Privacy policy', async ({ page }) => {
  const username = `fan_${unique()}`;
  await page.goto('/auth/register');
  await expect(page.getByRole('link', { name: 'Terms' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Privacy policy' }).first()).toBeVisible();
  await fillSignUp(page, { name: 'Tina Ticks', username, password: 'tina-password-1' });
  await page.getByRole('checkbox', { name: 'I am 18 or older' }).uncheck();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Confirm that you are 18 or older')).toBeVisible();
  await page.getByRole('checkbox', { name: 'I am 18 or older' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // Accepted at sign-up: nothing is asked again.
  await expect(page.getByRole('dialog', { name: 'Before you continue' })).toHaveCount(0);
});

test('the admin rejects a creator’s documents with a reason, which the creator reads', async ({ page, browser }) => {
  const { username, password } = await newCreator(page.request, 'doc', 'Rita Resubmit');

  await logIn(page, accounts.admin);
  const listed = await page.request.get(`/api/admin/accounts?role=performer&verification=pending&q=${username}`, {
    headers: await tokenOf(page.request, accounts.admin, DEMO_PASSWORD),
  });
  expect((await listed.json()).data, await listed.text()).toHaveLength(1);
  await page.goto(`/admin/creators?verification=pending&q=${username}`);
  const row = page.getByRole('row', { name: new RegExp(username) });
  await expect(row.getByText('Awaiting review')).toBeVisible();
  await row.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: /Reject/ });
  await dialog.getByLabel(/Reason/).fill('The selfie is blurred: please take it again in daylight');
  await dialog.getByRole('button', { name: 'Reject documents' }).click();
  await expect(page.getByText('Documents rejected')).toBeVisible();

  const creator = await browser.newPage();
  await logIn(creator, username, { password });
  await creator.goto('/creator/account?tab=documents');
  await expect(creator.getByText('Your documents were not approved')).toBeVisible();
  await expect(creator.getByTestId('rejection-reason')).toHaveText('The selfie is blurred: please take it again in daylight');
  await creator.goto('/creator/dashboard');
  await expect(creator.getByTestId('discovery-checklist')).toContainText('Send new identity documents');
  await expect(creator.getByTestId('discovery-checklist')).toContainText('Add an avatar');
  await creator.close();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the admin's dashboard draws its charts (${theme}, phone and desktop)`, async ({ page, context }) => {
    test.setTimeout(120_000);
    await chooseTheme(context, theme);
    // Something to draw: a card top-up and a tip today.
    const fan = await tokenOf(page.request, accounts.fan, DEMO_PASSWORD);
    await topUpByCard(page.request, fan, 20);
    const ava = await (await page.request.get(`/api/performers/${accounts.creator}`)).json();
    const tip = await page.request.post(`/api/wallet/charges/tip/${ava._id}`, { headers: fan, data: { price: 10 } });
    expect(tip.status(), await tip.text()).toBe(200);
    await signIn(page, accounts.admin);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    for (const width of widths) {
      await page.setViewportSize(width.viewport);
      await page.goto('/admin/dashboard?days=7');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await expect(page.getByText('Creators to verify')).toBeVisible();
      const charts = page.getByRole('img', { name: /per day/ });
      await expect(charts).toHaveCount(2);
      await expect(charts.first().locator('svg').first()).toBeVisible();
      await expect(page.getByRole('img', { name: /Sign-ups.*Totals: Fan sign-ups \d+/ })).toBeVisible();
      await page.getByText('90 days').click();
      await expect(page).toHaveURL(/days=90/);
      await expect(page.getByRole('cell', { name: 'Revenue (paid by fans)' })).toBeVisible();
      await expectAccessible(page);
    }
  });
}
