import { SANDBOX_CARDS } from '@limelight/contracts';
import { expect, expectAccessible, newFan, saveSandboxCard, signIn, test } from './fixtures';

/** No serious or critical axe finding. Colour contrast belongs to the design issue, which owns the brand colours. */
test('a tip below the minimum stays as typed and is refused without an amount on Pay; a short wallet keeps its top-up link', async ({
  page,
}) => {
  const fan = await newFan(page.request);
  await signIn(page, fan.username, fan.password);
  await page.goto('/avastone');
  await page.getByRole('button', { name: 'Tip' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tip Ava Stone' });
  const amount = dialog.getByLabel('Tip amount');

  await amount.fill('5');
  await dialog.getByLabel('Tip message').click();
  await expect(amount).toHaveValue('5');
  await expect(dialog.getByText('A tip must be at least 10 tokens')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  // An empty wallet is short of 5 tokens too: said, with a card or a top-up offered.
  await expect(dialog.getByTestId('wallet-short')).toHaveText('(5.00 tokens short)');
  await expect(dialog.getByRole('button', { name: 'Pay with a new card' })).toBeVisible();

  await amount.fill('50');
  await dialog.getByLabel('Tip message').click();
  await expect(amount).toHaveValue('50');
  await expect(dialog.getByRole('button', { name: 'Pay 50.00 tokens' })).toBeDisabled();
  await expect(dialog.getByTestId('wallet-short')).toContainText('50.00 tokens short');
  await expectAccessible(page);
  await dialog.getByRole('link', { name: 'top up your wallet' }).click();
  // The top-up starts at what is missing, and the way back is offered: to this dialog, with the tip typed.
  await expect(page).toHaveURL(/\/user\/wallet\?topUp=50\.00&back=%2Favastone%3Fpay%3Dtip-[^&]+%26tip%3D50$/);
  await expect(page.getByLabel('Tokens', { exact: true })).toHaveValue('50');
  await page.getByRole('link', { name: 'Back to your payment' }).click();
  await expect(page.getByRole('dialog', { name: 'Tip Ava Stone' }).getByLabel('Tip amount')).toHaveValue('50');
});

test('a top-up held for 3-D Secure is confirmed later from the payments list, whose states read as words and whose columns fold on a phone', async ({
  page,
}) => {
  const fan = await newFan(page.request);
  await signIn(page, fan.username, fan.password);
  await page.goto('/user/wallet');
  // Without a card the top-up opens the card form, wherever the layout put it.
  await page.getByRole('button', { name: 'Add a card to pay' }).click();
  await expect(page.getByLabel('Card number')).toBeFocused();
  await saveSandboxCard(page, SANDBOX_CARDS.authentication);

  await page.getByLabel('Tokens', { exact: true }).fill('20');
  await page.getByRole('button', { name: 'Pay $20.00' }).click();
  await page.getByRole('dialog', { name: 'Confirm with your bank' }).getByRole('button', { name: 'Not now' }).click();

  // Later, even after leaving the page, the list offers to finish it.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: '20.00 tokens' });
  await expect(row).toContainText('$20.00');
  await expect(row).toContainText('Visa •••• 3155');
  await expect(row.getByText('Awaiting confirmation')).toBeVisible();
  await expectAccessible(page);
  await row.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog', { name: 'Confirm with your bank' }).getByRole('button', { name: 'Confirm payment' }).click();
  await expect(page.getByText('The payment went through')).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
  await expect(page.getByTestId('header-balance')).toHaveText('20.00');

  // A phone: the page keeps to its width; what does not fit opens under the row, with its titles.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole('columnheader', { name: 'Card' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Expand row' }).click();
  const details = page.locator('.ant-table-expanded-row');
  await expect(details).toContainText('Card');
  await expect(details).toContainText('Visa •••• 3155');
  await expect(details).toContainText('Date');
  await expectAccessible(page);
});
