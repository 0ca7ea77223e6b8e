import { DEMO_PASSWORD, expect, expectAccessible, logIn, newFan, signIn, test, tokenOf, topUpByCard } from './fixtures';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('a fan and a creator chat in real time; a paid photo is unlocked from the thread; a delete shows on the other side', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The creator takes messages from everyone (their choice, in their account).
  await signIn(page, 'riovega');
  await page.goto('/creator/account?tab=messages');
  await page.getByRole('radio', { name: /^Everyone/ }).check();
  // Another spec may have made the same choice already: then there is nothing to save.
  const save = page.getByRole('button', { name: 'Save' });
  if (await save.isEnabled()) {
    await save.click();
    await expect(page.getByText('Changes saved')).toBeVisible();
  }

  // Other specs may have left Rio messages unread: the header counts this fan's on top of those.
  const rioAuth = await tokenOf(page.request, 'riovega', DEMO_PASSWORD);
  const unreadBefore = (await (await page.request.get('/api/messages/total-unread-messages', { headers: rioAuth })).json()).total as number;
  const unreadLabel = (count: number) => (count ? `Messages, ${count} unread` : 'Messages');

  // A new fan with 20 tokens opens the conversation from the creator's page.
  const fanContext = await browser.newContext({ reducedMotion: 'reduce' });
  const fan = await fanContext.newPage();
  const account = await newFan(fan.request);
  const fanAuth = await tokenOf(fan.request, account.username, account.password);
  await topUpByCard(fan.request, fanAuth, 20);
  await signIn(fan, account.username, account.password);
  await fan.goto('/riovega');
  await fan.getByRole('button', { name: 'Message' }).click();
  await expect(fan).toHaveURL(/\/messages\?conversation=/);
  await expect(fan.getByText('No messages yet: say hello to Rio Vega.')).toBeVisible();
  // The creator is signed in on the other page, so online.
  await expect(fan.getByTestId('presence')).toHaveText('Online');
  await fan.getByLabel('Message', { exact: true }).fill('Hi Rio! Love your work');
  await fan.getByLabel('Message', { exact: true }).press('Enter');
  await expect(fan.getByTestId('message').filter({ hasText: 'Hi Rio! Love your work' })).toBeVisible();

  // The creator's header counts it without a reload; opening the thread reads it.
  await expect(page.getByTestId('messages-link')).toHaveAccessibleName(unreadLabel(unreadBefore + 1));
  await page.getByTestId('messages-link').click();
  const row = page.getByRole('button', { name: /Social Fan/ }).filter({ hasText: 'Hi Rio! Love your work' });
  // The fan is online too (their page holds a socket): the row says so beside the count.
  await expect(row).toHaveAccessibleName(/^Social Fan, online, 1 unread, Hi Rio!/);
  await row.click();
  await expect(page.getByTestId('message').filter({ hasText: 'Hi Rio! Love your work' })).toBeVisible();
  await expect(page.getByTestId('messages-link')).toHaveAccessibleName(unreadLabel(unreadBefore));
  // The conversation's own count in the list goes too, not only the header's.
  await expect(row).toHaveAccessibleName(/^Social Fan, online, Hi Rio!/);
  // The fan's tick turns to seen; the creator's typing shows on the fan's side.
  await expect(fan.getByRole('img', { name: 'Seen' })).toBeVisible();
  await page.getByLabel('Message', { exact: true }).pressSequentially('Thanks');
  await expect(fan.getByText('Rio Vega is typing…')).toBeVisible();

  // A paid photo: the fan sees it locked with its price, unlocks it, and both balances follow.
  const creatorEarnings = Number(await page.getByTestId('header-balance').textContent());
  await page.getByLabel('Message', { exact: true }).fill('Thanks! A little something for you');
  await page.locator('.composer input[type=file]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('progressbar', { name: 'Upload of photo.png' })).toBeVisible();
  await page.getByLabel('Price (optional)').fill('5');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.getByRole('button', { name: 'Send' }).click();
  const paid = fan.getByTestId('message').filter({ hasText: 'A little something for you' });
  await expect(paid.getByRole('img', { name: 'Locked media' })).toBeVisible();
  await paid.getByRole('button', { name: 'Unlock for 5.00 tokens' }).click();
  await fan.getByRole('dialog').getByRole('button', { name: 'Pay 5.00 tokens' }).click();
  await expect(paid.getByRole('img', { name: 'Photo in the message' })).toBeVisible();
  await expect(fan.getByTestId('header-balance')).toHaveText('15.00');
  await expect(page.getByTestId('header-balance')).not.toHaveText(creatorEarnings.toFixed(2));

  // The fan takes a message back: the creator sees the notice in its place.
  const mine = fan.getByTestId('message').filter({ hasText: 'Hi Rio! Love your work' });
  await fan.getByRole('button', { name: 'Delete message' }).first().click();
  await fan.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(mine).toHaveCount(0);
  await expect(page.getByTestId('message').filter({ hasText: 'Message deleted!' })).toBeVisible();
  await expectAccessible(page);
  await fanContext.close();
});

test('on a phone the list and the thread are separate views, in light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const account = await newFan(page.request);
  await logIn(page, account.username, { password: account.password });
  // Rio takes messages from everyone (the test above chose it; choose it again if this runs alone).
  const creator = await tokenOf(page.request, 'riovega', DEMO_PASSWORD);
  expect((await page.request.put('/api/performers/me', { headers: creator, data: { messagesFrom: 'everyone' } })).status()).toBe(200);
  await page.goto('/riovega');
  await page.getByRole('button', { name: 'Message' }).click();
  await page.getByLabel('Message', { exact: true }).fill('Hello from my phone');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'Hello from my phone' })).toBeVisible();
  const conversationId = new URL(page.url()).searchParams.get('conversation');
  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await expect(page.getByRole('button', { name: /Rio Vega/ })).toBeVisible();

  // A search's results stay what it found when another conversation moves.
  await page.getByLabel('Search conversations').fill('nobody');
  await page.getByLabel('Search conversations').press('Enter');
  await expect(page.getByText('No conversation with “nobody”')).toBeVisible();
  const reply = await page.request.post(`/api/messages/conversations/${conversationId}`, { headers: creator, data: { text: 'Hi phone!' } });
  expect(reply.status()).toBe(200);
  await expect(page.getByTestId('messages-link')).toHaveAccessibleName('Messages, 1 unread');
  await expect(page.getByText('No conversation with “nobody”')).toBeVisible();
  await page.getByLabel('Search conversations').clear();
  await page.getByLabel('Search conversations').press('Enter');
  await expect(page.getByRole('button', { name: /^Rio Vega, 1 unread, Hi phone!/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await page.getByRole('button', { name: /Rio Vega/ }).click();
  await expect(page.getByTestId('message').filter({ hasText: 'Hello from my phone' })).toBeVisible();
  await expectAccessible(page);
});

test('a long thread opens at its newest message inside its own scrolling box; scrolling up loads older pages without a jump', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = await newFan(page.request);
  const fanAuth = await tokenOf(page.request, account.username, account.password);
  const creator = await tokenOf(page.request, 'riovega', DEMO_PASSWORD);
  expect((await page.request.put('/api/performers/me', { headers: creator, data: { messagesFrom: 'everyone' } })).status()).toBe(200);
  const { _id: rio } = await (await page.request.get('/api/users/me', { headers: creator })).json();
  const conversation = await (
    await page.request.post('/api/conversations', { headers: fanAuth, data: { source: 'performer', sourceId: rio } })
  ).json();
  // 40 messages (more than a page of 25), the last with a photo, whose box is kept before it loads.
  for (let index = 1; index <= 40; index++) {
    const sender = index % 2 ? fanAuth : creator;
    const response = await page.request.post(`/api/messages/conversations/${conversation._id}`, {
      headers: sender,
      data: { text: `Message number ${index}` },
    });
    expect(response.status()).toBe(200);
  }
  const upload = await page.request.post('/api/messages/public/file/photo', {
    headers: creator,
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: png } },
  });
  const photo = await upload.json();
  await page.request.post(`/api/messages/conversations/${conversation._id}`, {
    headers: creator,
    data: { text: 'The newest, with a photo', fileIds: [photo._id] },
  });

  await signIn(page, account.username, account.password);
  await page.goto(`/messages?conversation=${conversation._id}`);
  const newest = page.getByTestId('message').filter({ hasText: 'The newest, with a photo' });
  await expect(newest.getByRole('img', { name: 'Photo in the message' })).toBeVisible();
  await expect(newest).toBeInViewport();
  await expect(page.getByLabel('Message', { exact: true })).toBeInViewport();
  await expect(page.getByTestId('message').filter({ hasText: /^Message number 1$/ })).toHaveCount(0);

  // Scrolled to the top of its box, the older page comes above and what was on screen stays put.
  const box = page.getByRole('log', { name: 'Messages' });
  const anchor = page.getByTestId('message').filter({ hasText: /^Message number 17$/ });
  const before = await box.evaluate((element) => {
    element.scrollTop = 0;
    return element.scrollHeight > element.clientHeight;
  });
  expect(before, 'the thread scrolls inside its box').toBe(true);
  const top = (await anchor.boundingBox())?.y;
  await expect(page.getByTestId('message').filter({ hasText: /^Message number 1$/ })).toHaveCount(1);
  expect(Math.abs(((await anchor.boundingBox())?.y ?? 0) - (top ?? -100))).toBeLessThan(2);

  // Sending from up there brings the reader down to what they sent.
  await page.getByLabel('Message', { exact: true }).fill('Sent while scrolled up');
  await page.getByLabel('Message', { exact: true }).press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'Sent while scrolled up' })).toBeInViewport();
});
