import { SANDBOX_CARDS } from '@limelight/contracts';
import type { Page } from '@playwright/test';
import { accounts, DEMO_PASSWORD, expect, expectAccessible, newFan, saveSandboxCard, signIn, test, tokenOf } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const sizes = [
  { name: 'phone', width: 375, height: 800 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A paid photo post by Leo Hart, made through the API. */
async function paidPost(page: Page, price: number) {
  const text = `Card-only recipe ${unique()}`;
  const creator = await tokenOf(page.request, 'leohart', DEMO_PASSWORD);
  const upload = await page.request.post('/api/performer/feeds/photo/upload', {
    headers: creator,
    multipart: { file: { name: 'recipe.png', mimeType: 'image/png', buffer: png } },
  });
  expect(upload.status()).toBe(200);
  const data = { type: 'photo', fileIds: [(await upload.json())._id], text, isSale: true, price };
  const made = await page.request.post('/api/performer/feeds', { headers: creator, data });
  expect(made.status(), await made.text()).toBe(200);
  return text;
}

/** Adds a card from inside a pay dialog, where the fan decided to pay. */
async function addCardInDialog(page: Page, number: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Pay with a new card' }).click();
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Month', { exact: true }).fill('12');
  await dialog.getByLabel('Year', { exact: true }).fill(String(new Date().getFullYear() + 1));
  await dialog.getByLabel('CVC', { exact: true }).fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(`•••• ${number.slice(-4)}`) })).toBeChecked();
}

for (const size of sizes) {
  test.describe(`paying by card from the dialog (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.beforeEach(() => test.setTimeout(90_000));

    test('a new fan with no card and an empty wallet unlocks a post by card, a declined card then another, and stays on it', async ({
      page,
    }) => {
      const text = await paidPost(page, 5);
      const fan = await newFan(page.request);
      await signIn(page, fan.username, fan.password);
      await page.goto('/leohart');
      const post = page.getByTestId('feed-card').filter({ hasText: text });
      const where = page.url();
      await post.getByRole('button', { name: 'Unlock for 5.00 tokens' }).click();
      const dialog = page.getByRole('dialog', { name: 'Unlock this post' });
      await expect(dialog.getByTestId('wallet-short')).toHaveText('(5.00 tokens short)');
      await expect(dialog.getByRole('button', { name: 'Pay 5.00 tokens' })).toBeDisabled();
      await expectAccessible(page);

      await addCardInDialog(page, SANDBOX_CARDS.declined);
      await dialog.getByRole('button', { name: 'Pay 5.00 tokens' }).click();
      await expect(page.getByText('Your card was declined')).toBeVisible();
      // Another card in the same dialog: a new request, paid (never "idempotency-key already used").
      await addCardInDialog(page, SANDBOX_CARDS.success);
      // The card says what it is charged for the price in tokens (decision 032).
      await expect(dialog.getByRole('radio', { name: /•••• 4242 \(default\)|•••• 4242 · charged \$5\.00/ })).toBeChecked();
      await expect(dialog.getByText(/•••• 4242/)).toContainText('charged $5.00');
      await dialog.getByRole('button', { name: 'Pay 5.00 tokens' }).click();
      await expect(page.getByText('Unlocked: enjoy this post')).toBeVisible();
      await expect(page.getByText(/idempotency/i)).toHaveCount(0);
      // Still where the fan decided to pay, the post open, nothing left in the wallet or missing from it.
      expect(page.url()).toBe(where);
      await expect(post.getByTestId('locked-media')).toHaveCount(0);
      const me = await (await page.request.get('/api/users/me')).json();
      expect(me.balance).toBe(0);
      const [payment] = (await (await page.request.get('/api/payment/transactions/user/search')).json()).data;
      expect(payment).toMatchObject({ type: 'charge', status: 'success', amount: 5, purchase: { type: 'feed', problem: null } });
    });

    test('a fan short of tokens tops up from the unlock dialog and lands back in it, ready to pay', async ({ page }) => {
      const text = await paidPost(page, 5);
      const fan = await newFan(page.request);
      await signIn(page, fan.username, fan.password);
      await page.goto('/leohart');
      const post = page.getByTestId('feed-card').filter({ hasText: text });
      await post.getByRole('button', { name: 'Unlock for 5.00 tokens' }).click();
      await page.getByRole('dialog', { name: 'Unlock this post' }).getByRole('link', { name: 'top up your wallet' }).click();
      await expect(page).toHaveURL(/\/user\/wallet\?/);
      await expect(page.getByLabel('Tokens', { exact: true })).toHaveValue('5');
      await page.getByRole('button', { name: 'Add card' }).click();
      await saveSandboxCard(page, SANDBOX_CARDS.success);
      await page.getByRole('button', { name: 'Pay $5.00' }).click();
      await expect(page.getByText('5.00 tokens added to your wallet')).toBeVisible();
      await page.getByRole('link', { name: 'Back to your payment' }).click();
      // The same dialog, open again on the same page, paying from the wallet now that it holds enough.
      const dialog = page.getByRole('dialog', { name: 'Unlock this post' });
      await expect(dialog.getByRole('radio', { name: /Wallet/ })).toBeChecked();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Pay 5.00 tokens' }).click();
      await expect(page.getByText('Unlocked: enjoy this post')).toBeVisible();
      await expect(post.getByTestId('locked-media')).toHaveCount(0);
      await expect(page).toHaveURL(/\/leohart$/);
      expect((await (await page.request.get('/api/users/me')).json()).balance).toBe(0);
    });

    test('a declined card then another card in the same subscribe dialog', async ({ page }) => {
      const fan = await newFan(page.request);
      await signIn(page, fan.username, fan.password);
      await page.goto('/riovega');
      await page.getByRole('button', { name: 'Subscribe for 1 month' }).click();
      const dialog = page.getByRole('dialog', { name: 'Subscribe to Rio Vega' });
      await addCardInDialog(page, SANDBOX_CARDS.declined);
      await dialog.getByRole('button', { name: 'Pay 7.50 tokens' }).click();
      await expect(page.getByText('Your card was declined')).toBeVisible();
      await addCardInDialog(page, SANDBOX_CARDS.success);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Pay 7.50 tokens' }).click();
      await expect(page.getByText('You are subscribed to Rio Vega')).toBeVisible();
      await expect(page.getByText(/idempotency/i)).toHaveCount(0);
    });

    test('the admin refunds a partly spent top-up and sees the shortfall before confirming', async ({ page, browser }) => {
      const fan = await newFan(page.request);
      await signIn(page, fan.username, fan.password);
      await page.goto('/user/wallet');
      await page.getByRole('button', { name: 'Add card' }).click();
      await saveSandboxCard(page, SANDBOX_CARDS.success);
      await page.getByLabel('Tokens', { exact: true }).fill('25');
      await page.getByRole('button', { name: 'Pay $25.00' }).click();
      await expect(page.getByText('25.00 tokens added to your wallet')).toBeVisible();
      const rio = (await (await page.request.get('/api/performers/riovega')).json())._id as string;
      expect((await page.request.post(`/api/wallet/charges/tip/${rio}`, { data: { price: 10.48 } })).status()).toBe(200);

      const adminContext = await browser.newContext({ viewport: { width: size.width, height: size.height }, reducedMotion: 'reduce' });
      const admin = await adminContext.newPage();
      await signIn(admin, accounts.admin);
      await admin.goto('/admin/transactions?type=wallet_top_up&status=success');
      await admin
        .getByRole('row')
        .filter({ hasText: 'Social Fan' })
        .filter({ hasText: '$25.00' })
        .first()
        .getByRole('button', { name: 'Refund' })
        .click();
      const dialog = admin.getByRole('dialog', { name: 'Refund this payment?' });
      await expect(dialog.getByTestId('refund-preview')).toContainText('Shortfall: $10.48 is not refunded');
      await expect(dialog.getByTestId('refund-preview')).toContainText('14.52 tokens leave the fan');
      await expectAccessible(admin);
      await dialog.getByRole('button', { name: 'Refund $14.52' }).click();
      await expect(admin.getByText('Payment refunded: $14.52 back to the card')).toBeVisible();
      await adminContext.close();
      expect((await (await page.request.get('/api/users/me')).json()).balance).toBe(0);
    });
  });
}
