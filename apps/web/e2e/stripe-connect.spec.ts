import { expect, expectAccessible, logIn, newCreator, setSettingAsAdmin, test } from './fixtures';
import { FAKE_STRIPE_PORT, FAKE_STRIPE_WEBHOOK_SECRET } from './stack';

const stripeSettings = {
  stripePublishableKey: 'pk_test_e2e',
  stripeSecretKey: 'sk_test_e2e',
  stripeWebhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
  paymentGateway: 'stripe',
};

test.afterEach(async ({ page }) => setSettingAsAdmin(page, 'paymentGateway', 'sandbox'));

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 375, height: 800 }],
] as const) {
  test(`a creator sets up Stripe payouts on the banking page: Stripe's onboarding, back, and the status shown (${device})`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewport);
    for (const [key, value] of Object.entries(stripeSettings)) await setSettingAsAdmin(page, key, value);
    // A new creator, so the Connect account starts from nothing on every run.
    const { username, password } = await newCreator(page.request, 'connect');
    await logIn(page, username, { password });
    await page.goto('/creator/banking');

    const stripe = page.getByTestId('stripe-connect');
    await expect(stripe.getByText('Not started')).toBeVisible();
    // Two password fields on one page, each with its own id (the walkthrough found them sharing one).
    await expect(page.locator('[id="currentPassword"]')).toHaveCount(0);
    await expect(page.getByLabel('Current password')).toHaveCount(2);
    await expectAccessible(page);

    await stripe.getByRole('button', { name: 'Set up Stripe payouts' }).click();
    // Stripe's hosted onboarding (the local fake's stand-in page).
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${FAKE_STRIPE_PORT}/connect/onboarding/`));
    const usedLink = page.url();
    await page.getByRole('button', { name: 'Finish later' }).click();
    // Back on the banking page: Stripe still needs details.
    await expect(page).toHaveURL(/\/creator\/banking$/);
    await expect(stripe.getByText('Details needed')).toBeVisible();

    // An old link goes to the refresh URL, where the page makes a new link and goes on to Stripe.
    await page.goto(usedLink);
    await expect(page).toHaveURL(new RegExp(`^http://127\\.0\\.0\\.1:${FAKE_STRIPE_PORT}/connect/onboarding/`));
    expect(page.url()).not.toBe(usedLink);
    await page.getByRole('button', { name: 'Submit details' }).click();
    await expect(page).toHaveURL(/\/creator\/banking$/);
    await expect(stripe.getByText('Enabled for payouts')).toBeVisible();
    await expect(stripe.getByRole('button', { name: /Set up|Continue/ })).toHaveCount(0);
    await expectAccessible(page);

    // The payout form offers Stripe now, chosen as the one way set up; the others say they are not.
    // (This new creator has earned nothing, so the whole form waits, disabled.)
    await page.goto('/creator/payouts');
    await expect(page.getByRole('radio', { name: 'Stripe', exact: true })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'PayPal (not set up)' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Bank account (not set up)' })).toBeVisible();
  });
}
