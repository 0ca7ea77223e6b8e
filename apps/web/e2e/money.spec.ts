import { SANDBOX_CARDS } from '@limelight/contracts';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, logIn, saveSandboxCard, signIn, test } from './fixtures';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The balance the header shows agrees with the ledger's (what the API reads from it). */
async function expectBalance(page: Page, tokens: string) {
  await expect(page.getByTestId('header-balance')).toHaveText(tokens);
  expect((await (await page.request.get('/api/users/me')).json()).balance.toFixed(2)).toBe(tokens);
}

test('a fan tops up, subscribes, unlocks a post and tips; the creator requests a payout; the admin pays it and refunds the post', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = unique();
  // The creator: a post for subscribers, a paid post, and bank details for payouts.
  await logIn(page, 'leohart');
  for (const post of [{ text: `Workout plan ${tag}` }, { text: `Meal plan ${tag}`, isSale: true, price: 5 }]) {
    const upload = await page.request.post('/api/performer/feeds/photo/upload', {
      multipart: { file: { name: 'plan.png', mimeType: 'image/png', buffer: png } },
    });
    expect(upload.status()).toBe(200);
    const data = { type: 'photo', fileIds: [(await upload.json())._id], ...post };
    expect((await page.request.post('/api/performer/feeds', { data })).status()).toBe(200);
  }
  const bank = {
    firstName: 'Leo',
    lastName: 'Hart',
    bankName: 'Gym Bank',
    bankAccount: '99887766',
    country: 'GB',
    currentPassword: DEMO_PASSWORD,
  };
  expect((await page.request.put('/api/performers/banking-settings', { data: bank })).status()).toBe(200);
  const startingEarnings = (await (await page.request.get('/api/users/me')).json()).balance as number;

  const fanContext = await browser.newContext();
  const fan = await fanContext.newPage();
  const username = `payer_${tag}`;
  expect(
    (
      await fan.request.post('/api/auth/users/register', {
        data: {
          name: 'Paying Fan',
          username,
          email: `${username}@example.test`,
          password: 'payer-pass-1',
          ageConfirmed: true,
          termsAccepted: true,
        },
      })
    ).status(),
  ).toBe(201);
  await logIn(fan, username, { password: 'payer-pass-1' });

  // A sandbox card, then 100 tokens.
  await fan.goto('/user/wallet');
  await fan.getByRole('button', { name: 'Add card' }).click();
  await saveSandboxCard(fan, SANDBOX_CARDS.success);
  await fan.getByLabel('Tokens', { exact: true }).fill('100');
  // The card pays money in the site currency, for tokens.
  await fan.getByRole('button', { name: 'Pay $100.00' }).click();
  await expect(fan.getByText('100.00 tokens added to your wallet')).toBeVisible();
  await expect(fan.getByTestId('wallet-balance')).toContainText('100.00');
  await expectBalance(fan, '100.00');
  // The page a gateway sends the fan back to tells the same.
  const [payment] = (await (await fan.request.get('/api/payment/transactions/user/search')).json()).data;
  await fan.goto(`/payment/success?transactionId=${payment._id}`);
  await expect(fan.getByText('100.00 tokens are in your wallet.')).toBeVisible();

  // Subscribing opens the subscriber post at once.
  await fan.goto('/leohart');
  const subscriberPost = fan.getByTestId('feed-card').filter({ hasText: `Workout plan ${tag}` });
  await expect(subscriberPost.getByTestId('locked-media')).toContainText('Subscribe to see this photo');
  await expect(subscriberPost.getByTestId('locked-media')).toContainText(/plans from \d+\.\d{2} tokens a month/);
  await expect(fan.getByTestId('plan-monthly')).toContainText('12.00 tokens');
  await fan.getByRole('button', { name: 'Subscribe for 1 month' }).click();
  await fan.getByRole('dialog').getByRole('button', { name: 'Pay 12.00' }).click();
  await expect(fan.getByText('You are subscribed to Leo Hart')).toBeVisible();
  await expect(fan.getByText('You are subscribed', { exact: true })).toBeVisible();
  await expectBalance(fan, '88.00');
  await expect(subscriberPost.getByTestId('locked-media')).toHaveCount(0);
  await expect(subscriberPost.getByRole('img', { name: 'Photo by Leo Hart' })).toBeVisible();

  // The paid post unlocks for its price.
  const paidPost = fan.getByTestId('feed-card').filter({ hasText: `Meal plan ${tag}` });
  await expect(paidPost.getByTestId('locked-media')).toContainText('Unlock this photo for 5.00 tokens');
  await paidPost.getByRole('button', { name: 'Unlock for 5.00' }).click();
  await fan.getByRole('dialog').getByRole('button', { name: 'Pay 5.00 tokens' }).click();
  await expect(fan.getByText('Unlocked: enjoy this post')).toBeVisible();
  await expect(paidPost.getByTestId('locked-media')).toHaveCount(0);
  await expectBalance(fan, '83.00');

  // A tip.
  await fan.getByRole('button', { name: 'Tip' }).click();
  await fan.getByLabel('Tip amount').fill('60');
  await fan.getByLabel('Tip message').fill('Great workouts!');
  await fan.getByRole('dialog').getByRole('button', { name: 'Pay 60.00 tokens' }).click();
  await expect(fan.getByText('You tipped Leo Hart 60.00 tokens')).toBeVisible();
  await expectBalance(fan, '23.00');
  await fan.goto('/user/wallet?tab=spent');
  await expect(fan.getByRole('row', { name: /Tip/ })).toContainText('60.00 tokens');

  // The creator earned 77 less 10 %: 69.30.
  const earned = (startingEarnings + 69.3).toFixed(2);
  await page.goto('/creator/earnings');
  await expect(page.getByTestId('earnings-available')).toContainText(earned);
  await expectBalance(page, earned);
  // Each source: its sales, then apart from them its net with its unit (not "1 sale54.00").
  const tipSource = page.getByRole('listitem').filter({ hasText: /^Tip \d+ sales?/ });
  await expect(tipSource.getByTestId('source-net')).toHaveText(/^\d+\.\d{2} tokens$/);
  const sales = (await tipSource.getByText(/\d+ sales?/).boundingBox())!;
  const net = (await tipSource.getByTestId('source-net').boundingBox())!;
  expect(net.x >= sales.x + sales.width + 8 || net.y >= sales.y + sales.height).toBe(true);
  await expect(page.getByRole('row', { name: /Tip/ })).toContainText('54.00 tokens');
  // The four figures stand in cards of one height, the payout link in the first one's title row.
  const figures = page.locator('.ant-card').filter({ has: page.locator('.ant-statistic') });
  await expect(figures).toHaveCount(4);
  const heights = await figures.evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().height));
  expect(new Set(heights).size).toBe(1);

  await page.goto('/creator/payouts');
  await page.getByRole('spinbutton', { name: 'Tokens' }).fill('50');
  await page.getByRole('button', { name: 'Request payout' }).click();
  await expect(page.getByText('Payout requested: an admin will review it')).toBeVisible();
  const left = (startingEarnings + 19.3).toFixed(2);
  await expect(page.getByTestId('payout-available')).toContainText(left);
  await expectBalance(page, left);

  // The admin pays it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin@limelight.local');
  await admin.goto('/admin/payouts?status=pending');
  const request = admin.getByRole('row', { name: /Leo Hart/ });
  await request.getByRole('button', { name: 'Mark paid' }).click();
  await admin.getByRole('button', { name: 'OK' }).click();
  await expect(admin.getByText('Payout paid')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('row', { name: /Gym Bank/ })).toContainText('Paid');
  await expectBalance(page, left);

  // The admin refunds the post the fan bought: the creator gives back its 4.50 net.
  await admin.goto('/admin/wallet-charges?type=feed&status=success');
  await admin.getByRole('row').filter({ hasText: 'Paying Fan' }).getByRole('button', { name: 'Refund' }).click();
  await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Refund' }).click();
  await expect(admin.getByText('Charge refunded')).toBeVisible();
  await adminContext.close();
  await expectBalance(page, (startingEarnings + 19.3 - 4.5).toFixed(2));
  await page.goto('/creator/earnings?sourceType=feed');
  await expect(page.getByRole('row', { name: /Refund/ })).toContainText('-4.50 tokens');
  // A period picked in the date range keeps both its ends in the address (and so on reload).
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const [from, to] = [page.getByRole('textbox', { name: 'Period' }).first(), page.getByRole('textbox', { name: 'Period' }).last()];
  await from.click();
  await from.fill(day(10));
  await from.press('Enter');
  await to.fill(day(0));
  await to.press('Enter');
  await expect(page).toHaveURL(new RegExp(`fromDate=${day(10)}.*toDate=${day(0)}|toDate=${day(0)}.*fromDate=${day(10)}`));
  await expect(page.getByRole('row', { name: /Refund/ })).toContainText('-4.50 tokens');
  // The fan's wallet has the 5.00 back, pushed to their open page.
  await expectBalance(fan, '28.00');
  await fanContext.close();
});

test('a fan makes another card the default and picks which saved card pays a subscription', async ({ page }) => {
  const username = `carder_${unique()}`;
  const registered = await page.request.post('/api/auth/users/register', {
    data: {
      name: 'Card Fan',
      username,
      email: `${username}@example.test`,
      password: 'carder-pass-1',
      ageConfirmed: true,
      termsAccepted: true,
    },
  });
  expect(registered.status()).toBe(201);
  await signIn(page, username, 'carder-pass-1');
  await page.goto('/user/wallet');
  for (const number of [SANDBOX_CARDS.success, '5555555555554444']) {
    await page.getByRole('button', { name: 'Add card' }).click();
    await saveSandboxCard(page, number);
  }
  // The button's accessible name starts with the words it shows (WCAG 2.5.3), then names the card.
  await page.getByRole('button', { name: 'Make default: Mastercard ending 4444', exact: true }).click();
  await expect(page.getByText('Mastercard •••• 4444 is your default card')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make default: Visa ending 4242', exact: true })).toBeVisible();

  // Every saved card can pay, the default one marked; the fan pays with the other one.
  await page.goto('/riovega');
  await page.getByRole('button', { name: 'Subscribe for 1 month' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'Mastercard •••• 4444 (default)' }).check();
  await expect(dialog.getByRole('button', { name: 'Pay 7.50 tokens' })).toBeEnabled();
  await dialog.getByRole('radio', { name: 'Visa •••• 4242' }).check();
  await dialog.getByRole('button', { name: 'Pay 7.50 tokens' }).click();
  await expect(page.getByText('You are subscribed to Rio Vega')).toBeVisible();
  const payments = await (await page.request.get('/api/payment/transactions/user/search')).json();
  expect(payments.data[0]).toMatchObject({ type: 'subscription', status: 'success', card: { last4: '4242' } });
  // The subscription says what it costs (in tokens, as every price: decision 032), and which card renews it.
  await page.goto('/user/subscriptions');
  const row = page.getByRole('row', { name: /Rio Vega/ });
  await expect(row).toContainText('7.50 tokens');
  await expect(row).toContainText('Visa •••• 4242');
  await expect(row).toContainText('Active');
  await expect(row).not.toContainText('sandbox');
});
