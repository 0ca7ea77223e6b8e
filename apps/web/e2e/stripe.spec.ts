import path from 'node:path';
import type { Page } from '@playwright/test';
import { accounts, expect, setSettingAsAdmin, signIn, test } from './fixtures';
import { FAKE_STRIPE_PORT, FAKE_STRIPE_WEBHOOK_SECRET } from './stack';

/**
 * Stripe.js cannot load on these offline machines: js.stripe.com serves the fake Stripe.js and
 * api.stripe.com is the local fake of Stripe's API, which the site's server talks to as well
 * and which delivers signed webhooks to it. Everything else is the product as it runs.
 */
async function routeStripe(page: Page) {
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ path: path.join(import.meta.dirname, 'fake-stripe-js.js'), contentType: 'text/javascript' }),
  );
  await page.route('https://api.stripe.com/**', async (route) => {
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `http://127.0.0.1:${FAKE_STRIPE_PORT}${url.pathname}${url.search}` });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
}

const stripeSettings = {
  stripePublishableKey: 'pk_test_e2e',
  stripeSecretKey: 'sk_test_e2e',
  stripeWebhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
  paymentGateway: 'stripe',
};

test.afterEach(async ({ page }) => setSettingAsAdmin(page, 'paymentGateway', 'sandbox'));

async function addCard(page: Page, number: string) {
  await page.getByRole('button', { name: 'Add card' }).click();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('MM / YY').fill(`12/${String(new Date().getFullYear() + 2).slice(-2)}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Stripe Fan');
  await page.getByRole('button', { name: 'Save card' }).click();
}

async function topUpWith(page: Page, card: string, tokens: string) {
  await page.getByRole('combobox', { name: 'Card' }).click();
  await page.locator(`.ant-select-item-option[title="${card}"]`).click();
  await page.getByLabel('Tokens', { exact: true }).fill(tokens);
  await page.getByRole('button', { name: `Pay $${tokens}.00` }).click();
}

test('a fan adds cards with Stripe Elements, tops up, and confirms a 3-D Secure payment with their bank; an admin refunds one', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  for (const [key, value] of Object.entries(stripeSettings)) await setSettingAsAdmin(page, key, value);
  await routeStripe(page);
  const username = `stripe_${Date.now().toString(36)}`;
  const registered = await page.request.post('/api/auth/users/register', {
    data: {
      name: 'Stripe Fan',
      username,
      email: `${username}@example.test`,
      password: 'stripe-pass-1',
      ageConfirmed: true,
      termsAccepted: true,
    },
  });
  expect(registered.status()).toBe(201);
  await signIn(page, username, 'stripe-pass-1');
  await page.goto('/user/wallet');

  // Stripe refuses a mistyped number before anything reaches the site.
  await addCard(page, '4242 4242 4242 4241');
  await expect(page.getByText('Your card number is incorrect.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  await addCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Visa •••• 4242 added')).toBeVisible();
  await topUpWith(page, 'Visa •••• 4242', '20');
  await expect(page.getByText('20.00 tokens added to your wallet')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('20.00');

  // A card whose bank asks for 3-D Secure: Stripe's bank page, then the webhook settles it.
  await addCard(page, '4000 0027 6000 3184');
  await expect(page.getByText('Visa •••• 3184 added')).toBeVisible();
  await topUpWith(page, 'Visa •••• 3184', '15');
  await page.getByRole('dialog', { name: 'Confirm with your bank' }).getByRole('button', { name: 'Confirm payment' }).click();
  await page.getByRole('dialog', { name: '3D Secure test page' }).getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Payment received')).toBeVisible();
  await expect(page.getByText('15.00 tokens are in your wallet.')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('35.00');

  // Failing the bank's check ends the payment; nothing is credited. Back to the wallet, where the top-up began.
  await page.getByRole('link', { name: 'Go back' }).click();
  await topUpWith(page, 'Visa •••• 3184', '10');
  await page.getByRole('dialog', { name: 'Confirm with your bank' }).getByRole('button', { name: 'Confirm payment' }).click();
  await page.getByRole('dialog', { name: '3D Secure test page' }).getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByText('The payment did not go through')).toBeVisible();
  await expect(page.getByText('We are unable to authenticate your payment method.')).toBeVisible();
  expect((await (await page.request.get('/api/users/me')).json()).balance).toBe(35);
  await expect(page.getByTestId('header-balance')).toHaveText('35.00');

  // An admin refunds the first top-up through Stripe: the tokens leave the fan's wallet.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, accounts.admin);
  await admin.goto('/admin/transactions?status=success&type=wallet_top_up');
  const row = admin.getByRole('row').filter({ hasText: 'Stripe Fan' }).filter({ hasText: '20.00' });
  await row.getByRole('button', { name: 'Refund' }).click();
  // None of its tokens was spent: the whole payment goes back.
  await admin.getByRole('dialog', { name: 'Refund this payment?' }).getByRole('button', { name: 'Refund $20.00' }).click();
  await expect(admin.getByText('Payment refunded: $20.00 back to the card')).toBeVisible();
  await expect(page.getByTestId('header-balance')).toHaveText('15.00');
  expect((await (await page.request.get('/api/users/me')).json()).balance).toBe(15);
  await page.goto('/user/wallet');
  await expect(page.getByRole('row').filter({ hasText: '20.00' }).getByText('refunded')).toBeVisible();
  await adminContext.close();
});
