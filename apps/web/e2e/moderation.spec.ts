import { accounts, chooseTheme, DEMO_PASSWORD, expect, expectAccessible, logOut, newFan, signIn, test, tokenOf } from './fixtures';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Reports a thing through its Report button's dialog. */
async function reportThrough(page: import('@playwright/test').Page, button: import('@playwright/test').Locator, reason: string) {
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Report' });
  await dialog.getByLabel('Why?').click();
  await page.locator('.ant-select-item-option').filter({ hasText: reason }).click();
  await dialog.getByLabel('Details (optional)').fill('Please look at this');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByText('Thank you: an administrator will review your report.')).toBeVisible();
}

for (const theme of ['light', 'dark'] as const) {
  for (const size of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    test(`a fan reports a message and a product; the admin hides one; the creator sees why and appeals (${theme}, ${size.name})`, async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height }, reducedMotion: 'reduce' });
      await chooseTheme(context, theme);
      const page = await context.newPage();
      const tag = unique();

      // Set up beside the browser: the creator takes messages from everyone, sells a product, and writes to a new fan.
      const creatorAuth = await tokenOf(page.request, accounts.creator, DEMO_PASSWORD);
      expect((await page.request.put('/api/performers/me', { headers: creatorAuth, data: { messagesFrom: 'everyone' } })).status()).toBe(
        200,
      );
      const product = await page.request.post('/api/performer/performer-assets/products', {
        headers: creatorAuth,
        multipart: { name: `Poster ${tag}`, type: 'physical', price: '10', stock: '3', status: 'active' },
      });
      expect(product.status(), await product.text()).toBe(200);
      const productId = (await product.json())._id as string;
      const fan = await newFan(page.request);
      const fanAuth = await tokenOf(page.request, fan.username, fan.password);
      const creatorId = (await (await page.request.get(`/api/performers/${accounts.creator}`)).json())._id as string;
      const conversation = await page.request.post('/api/conversations', {
        headers: fanAuth,
        data: { source: 'performer', sourceId: creatorId },
      });
      expect(conversation.status(), await conversation.text()).toBe(200);
      const conversationId = (await conversation.json())._id as string;
      const words = `Buy it cheaper on my other site ${tag}`;
      const sent = await page.request.post(`/api/messages/conversations/${conversationId}`, {
        headers: creatorAuth,
        data: { text: words },
      });
      expect(sent.status(), await sent.text()).toBe(200);
      const messageId = (await sent.json())._id as string;

      // The fan reports the message from the thread, and the product from its page.
      await signIn(page, fan.username, fan.password);
      await page.goto(`/messages?conversation=${conversationId}`);
      const message = page.getByTestId('message').filter({ hasText: words });
      await expect(message).toBeVisible();
      await reportThrough(
        page,
        page.locator('.message-row').filter({ hasText: words }).getByRole('button', { name: 'Report' }),
        'Spam or scam',
      );
      await page.goto(`/product/${productId}`);
      await reportThrough(page, page.getByRole('button', { name: 'Report' }), 'Stolen content (copyright)');
      await expectAccessible(page);
      await logOut(page);

      // The admin opens the queue, sees the message in place and hides it.
      await signIn(page, accounts.admin);
      await page.goto('/admin/reports?targetType=message');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('button', { name: 'Message' }).first()).toBeVisible();
      await page.goto(`/admin/reports?targetType=message&case=message:${messageId}`);
      const drawer = page.getByRole('dialog', { name: 'Reported content' });
      // The drawer loads the case after the queue: give a loaded machine time.
      await expect(drawer.getByText(words)).toBeVisible({ timeout: 20_000 });
      await expect(drawer.getByText('Please look at this').first()).toBeVisible();
      await expectAccessible(page);
      await drawer.getByRole('button', { name: 'Hide content' }).click();
      const confirm = page.getByRole('dialog', { name: 'Hide this content' });
      await confirm.getByLabel(/Reason/).fill(`Spam sent to fans ${tag}`);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('Content hidden', { exact: true })).toBeVisible();
      await expect(drawer.getByText(`Hidden: Spam sent to fans ${tag}`)).toBeVisible();
      await page.goto('/admin/reports?targetType=product');
      await expect(page.getByRole('button', { name: 'Product' }).first()).toBeVisible();
      await logOut(page);

      // The creator sees why on their Moderation page and appeals, once.
      await signIn(page, accounts.creator);
      await page.goto('/moderation');
      const item = page.getByRole('listitem').filter({ hasText: `Spam sent to fans ${tag}` });
      await expect(item).toContainText('Hidden by moderation');
      await expectAccessible(page);
      await item.getByRole('button', { name: 'Appeal' }).click();
      const appeal = page.getByRole('dialog', { name: 'Appeal this decision' });
      await appeal.getByLabel('Your appeal').fill('It was a joke between friends, not spam.');
      await appeal.getByRole('button', { name: 'Send appeal' }).click();
      await expect(page.getByText('Your appeal was sent')).toBeVisible();
      await expect(item).toContainText('Appeal under review');
      await context.close();
    });
  }
}
