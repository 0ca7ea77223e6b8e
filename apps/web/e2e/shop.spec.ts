import type { APIRequestContext, Page } from '@playwright/test';
import {
  accounts,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  logIn,
  setSettingAsAdmin,
  signIn,
  test,
  tokenOf,
  topUpByCard,
} from './fixtures';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
/** A small but genuine PDF: what the buyer downloads must be these very bytes. */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

type Auth = { authorization: string };
const balanceOf = async (request: APIRequestContext, auth: Auth) =>
  (await (await request.get('/api/users/me', { headers: auth })).json()).balance as number;

/** The creator lists a product from the store manager: fields, one image and, for a download, its file. */
async function listProduct(page: Page, product: { name: string; price: string; stock?: string; file?: Buffer }) {
  await page.goto('/creator/products');
  await page.getByRole('link', { name: 'New product' }).click();
  await page.getByLabel('Name').fill(product.name);
  await page.getByLabel('Description').fill(`All about ${product.name}.`);
  if (product.file) await page.getByText('Digital download', { exact: true }).click();
  await page.getByLabel('Price (tokens)').fill(product.price);
  if (product.stock) await page.getByLabel('In stock').fill(product.stock);
  await page.locator('input[type=file][accept^="image/"]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('cover.png')).toBeVisible();
  if (product.file) {
    await page
      .locator('input[type=file][accept^="application/pdf"]')
      .setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: product.file });
    await expect(page.getByText('guide.pdf')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(product.name) })).toBeVisible();
}

test('a creator lists a physical and a digital product; a fan buys both, downloads the file and follows the shipping', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const tag = unique();
  const bag = `Tote bag ${tag}`;
  const guide = `Lighting guide ${tag}`;

  // The fan's wallet holds 50 tokens more, topped up by card beside the browser.
  const fanAuth = await tokenOf(page.request, accounts.fan, DEMO_PASSWORD);
  const creatorAuth = await tokenOf(page.request, accounts.creator, DEMO_PASSWORD);
  await topUpByCard(page.request, fanAuth, 50);

  // The creator opens the store manager from the navigation and lists both products.
  await logIn(page, accounts.creator);
  await listProduct(page, { name: bag, price: '12.5', stock: '3' });
  await listProduct(page, { name: guide, price: '4', file: pdf });
  await expectAccessible(page);
  const fanBefore = await balanceOf(page.request, fanAuth);
  const creatorBefore = await balanceOf(page.request, creatorAuth);

  // The fan finds both in the creator's Store tab.
  const fanContext = await browser.newContext({ reducedMotion: 'reduce', acceptDownloads: true });
  const fan = await fanContext.newPage();
  await signIn(fan, accounts.fan);
  await fan.goto('/avastone');
  await fan.getByRole('tab', { name: 'Store' }).click();
  await expect(fan).toHaveURL(/tab=store/);
  await expect(fan.getByRole('link', { name: guide }).getByText('Digital download')).toBeVisible();
  const bagCard = fan.getByRole('link', { name: bag });
  await expect(bagCard.getByText('Only 3 left')).toBeVisible();
  await expect(bagCard.getByText('12.50 tokens')).toBeVisible();
  await bagCard.click();

  // Bookmarked from its page, it shows under the bookmarks' Products tab.
  await fan.getByRole('button', { name: 'Bookmark' }).click();
  await expect(fan.getByRole('button', { name: 'Bookmarked' })).toBeVisible();
  await expectAccessible(fan);
  const bagUrl = fan.url();
  await fan.goto('/user/bookmarks?tab=products');
  await expect(fan.getByRole('link', { name: bag })).toBeVisible();
  await fan.goto(bagUrl);

  // Buying two: more than the stock is refused with the limit named; the first address is added in the dialog.
  await fan.getByRole('button', { name: 'Buy for 12.50 tokens' }).click();
  const dialog = fan.getByRole('dialog');
  await dialog.getByLabel('Quantity').fill('5');
  await expect(dialog.getByText('Only 3 left: choose at most 3')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pay', exact: true })).toBeDisabled();
  await dialog.getByLabel('Quantity').fill('2');
  await expect(dialog.getByTestId('order-total')).toHaveText('Total: 2 × 12.50 tokens = 25.00 tokens');
  await dialog.getByLabel('Full name').fill('Fiona Fan');
  await dialog.getByLabel('Phone', { exact: true }).fill('+351 912 345 678');
  await dialog.getByLabel('Street and number').fill('12 Harbour Road');
  await dialog.getByLabel('City').fill('Lisbon');
  await dialog.getByLabel('Postal code').fill('1100-148');
  await dialog.getByLabel('Country').fill('Portugal');
  await fan.keyboard.press('Enter');
  await expectAccessible(fan);
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(fan.getByText('Address added')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /Fiona Fan, 12 Harbour Road/ })).toBeChecked();
  await dialog.getByLabel('Note to the creator (optional)').fill('Gift wrap, please');
  await dialog.getByRole('button', { name: 'Pay 25.00 tokens' }).click();
  await expect(fan.getByText('Order placed: follow it in My orders')).toBeVisible();

  // The download: bought, then the very bytes the creator uploaded.
  await fan.goto('/avastone?tab=store');
  await fan.getByRole('link', { name: guide }).click();
  await fan.getByRole('button', { name: 'Buy for 4.00 tokens' }).click();
  await fan.getByRole('dialog').getByRole('button', { name: 'Pay 4.00 tokens' }).click();
  await expect(fan.getByText('Bought: your download is ready')).toBeVisible();
  const downloading = fan.waitForEvent('download');
  await fan.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).equals(pdf)).toBe(true);

  // While it is processing, the fan may send it elsewhere: nothing is chosen for them.
  await fan.goto('/user/orders');
  await fan
    .getByRole('row', { name: new RegExp(bag) })
    .getByRole('link', { name: /^L-\d+$/ })
    .click();
  await fan.getByRole('button', { name: 'Change address' }).click();
  const harbour = fan.getByRole('radio', { name: /Fiona Fan, 12 Harbour Road/ });
  await expect(harbour).not.toBeChecked();
  await expect(fan.getByRole('button', { name: 'Send it here' })).toBeDisabled();
  await harbour.check();
  await fan.getByRole('button', { name: 'Send it here' }).click();
  await expect(fan.getByText('The order goes to the new address')).toBeVisible();

  // The creator sends the bag with its tracking code.
  await page.goto('/creator/orders');
  await page.getByLabel('Search orders').fill(bag);
  await page.getByLabel('Search orders').press('Enter');
  const orderRow = page.getByRole('row', { name: new RegExp(bag) });
  await expect(orderRow.getByText('Processing')).toBeVisible();
  await orderRow.getByRole('link', { name: /^L-\d+$/ }).click();
  await expect(page.getByText('Gift wrap, please')).toBeVisible();
  await expect(page.getByText('12 Harbour Road')).toBeVisible();
  await page.getByText('Shipping', { exact: true }).click();
  await page.getByLabel('Shipping code').fill(`TRACK-${tag}`);
  await page.getByLabel('Carrier (optional)').fill('DHL');
  await page.getByRole('button', { name: 'Save delivery' }).click();
  await expect(page.getByText(/is now shipping/)).toBeVisible();
  await expectAccessible(page);

  // The fan sees it shipping, with the code, in their orders.
  await fan.goto('/user/orders');
  const fanRow = fan.getByRole('row', { name: new RegExp(bag) });
  await expect(fanRow.getByText('Shipping')).toBeVisible();
  await fanRow.getByRole('link', { name: /^L-\d+$/ }).click();
  await expect(fan.getByTestId('step-shipping')).toContainText(`Tracking: DHL TRACK-${tag}`);
  await expectAccessible(fan);

  // The money agrees: the fan paid both totals, the creator earned both nets.
  const sold = await (await page.request.get(`/api/orders/search?q=${tag}`, { headers: creatorAuth })).json();
  expect(sold.total).toBe(2);
  const net = sold.data.reduce((sum: number, order: { net: number }) => sum + order.net, 0);
  expect(await balanceOf(page.request, fanAuth)).toBeCloseTo(fanBefore - 29, 2);
  expect(await balanceOf(page.request, creatorAuth)).toBeCloseTo(creatorBefore + net, 2);
  await expect(fan.getByTestId('header-balance')).toHaveText((fanBefore - 29).toFixed(2));

  // An admin refunds the bag: the fan's wallet history says so, rather than showing tokens still spent.
  const adminAuth = await tokenOf(page.request, accounts.admin, DEMO_PASSWORD);
  const charges = await (await page.request.get('/api/wallet/charges/search?type=product', { headers: fanAuth })).json();
  const bagCharge = charges.data.find((charge: { price: number }) => charge.price === 25);
  expect((await page.request.post(`/api/admin/wallet/charges/${bagCharge._id}/refund`, { headers: adminAuth })).status()).toBe(200);
  await fan.goto('/user/wallet?tab=spent');
  await expect(fan.getByRole('row', { name: /25\.00 tokens/ }).getByText('Refunded')).toBeVisible();
  await fan.goBack();

  // On a phone, in the dark theme, the order still reads and passes the checks.
  await fan.setViewportSize({ width: 390, height: 844 });
  await fan.getByTestId('theme-toggle').click();
  await expect(fan.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(fan.getByTestId('step-shipping')).toBeVisible();
  await expectAccessible(fan);
  // The bell that told them of it opens within the phone's width.
  await fan.getByTestId('notification-bell').click();
  await expect(fan.getByText(/is on its way/).first()).toBeVisible();
  const panel = await fan.locator('.ant-popover').boundingBox();
  expect((panel?.x ?? -1) >= 0 && (panel?.x ?? 0) + (panel?.width ?? 0) <= 390).toBe(true);
  await fan.keyboard.press('Escape');
  await fan.getByTestId('theme-toggle').click();
  await fanContext.close();
});

test('with the shop closed by the admin, no screen leads into it', async ({ page }) => {
  await setSettingAsAdmin(page, 'enableProduct', false);
  try {
    await logIn(page, accounts.fan);
    await expect(page.getByRole('link', { name: 'Wallet', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Orders', exact: true })).toHaveCount(0);
    await page.goto('/avastone');
    await expect(page.getByRole('tab', { name: 'Galleries' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Store' })).toHaveCount(0);
    await page.goto('/user/bookmarks');
    await expect(page.getByRole('tab', { name: 'Galleries' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Products' })).toHaveCount(0);
    await page.goto('/user/orders');
    await expect(page.getByText('The shop is not open on this site')).toBeVisible();
  } finally {
    await setSettingAsAdmin(page, 'enableProduct', true);
  }
});

test('the product editor refuses a bad name, price or stock once each, naming the limit in tokens', async ({ page }) => {
  await signIn(page, accounts.creator);
  await page.goto('/creator/products/new');
  await expect(page.getByText('From 0.50 tokens to 10000.00 tokens')).toBeVisible();
  await page.getByLabel('Price (tokens)').fill('0.1');
  await page.getByLabel('In stock').fill('-2');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Enter a name')).toBeVisible();
  await expect(page.getByText('Name is required')).toHaveCount(0);
  await expect(page.getByText('A price must be at least 0.50 tokens')).toBeVisible();
  await expect(page.getByText('Stock must be 0 or more')).toBeVisible();
  await page.getByLabel('Price (tokens)').fill('20000');
  await expect(page.getByText('A price must be at most 10000.00 tokens')).toBeVisible();
  // Refused, never changed.
  await expect(page.getByLabel('Price (tokens)')).toHaveValue('20000');

  // Saved as a draft, its page tells its creator that fans do not see it yet.
  const name = `Draft mug ${unique()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Price (tokens)').fill('8');
  await page.getByLabel('In stock').fill('2');
  await page.getByText('Draft', { exact: true }).click();
  await page.getByRole('button', { name: 'Create product' }).click();
  await page.getByRole('link', { name }).click();
  await expect(page.getByText('Fans do not see it until you publish it.')).toBeVisible();
});

test('a fan short of tokens is led to top up what is missing, and back to the product', async ({ page }) => {
  const tag = unique();
  const creatorAuth = await tokenOf(page.request, accounts.creator, DEMO_PASSWORD);
  const created = await page.request.post('/api/performer/performer-assets/products', {
    headers: creatorAuth,
    multipart: { name: `Studio day ${tag}`, type: 'physical', price: '10000', stock: '1', status: 'active' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const productUrl = `/product/${(await created.json())._id}`;
  const fanAuth = await tokenOf(page.request, accounts.fan, DEMO_PASSWORD);
  const balance = await balanceOf(page.request, fanAuth);

  await signIn(page, accounts.fan);
  await page.goto(productUrl);
  await page.getByRole('button', { name: 'Buy for 10000.00 tokens' }).click();
  const short = (10000 - balance).toFixed(2);
  await expect(page.getByTestId('wallet-short')).toContainText(`${short} tokens short`);
  await page.getByRole('link', { name: 'top up your wallet' }).click();
  await expect(page).toHaveURL(/\/user\/wallet\?/);
  await expect(page.getByLabel('Tokens', { exact: true })).toHaveValue(String(Number(short)));
  await page.getByRole('link', { name: 'Back to your payment' }).click();
  // Back on the product with the dialog open again, ready to pay.
  await expect(page).toHaveURL(new RegExp(`${productUrl}\\?pay=product-`));
  await expect(page.getByRole('dialog', { name: 'Buy this product' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`${productUrl}$`));
});
