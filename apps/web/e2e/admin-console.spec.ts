import fs from 'node:fs/promises';
import {
  accessibleInBothThemes,
  accounts,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  freePostBy,
  newFan,
  signIn,
  subscribeFromWallet,
  test,
  tokenOf,
  topUpByCard,
} from './fixtures';

test("the admin lists a creator's posts, exports them, reads a conversation with a reason, sets a commission and logs in as a fan; phone and desktop, light and dark", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const marker = `Console post ${Date.now().toString(36)}`;
  await freePostBy(request, accounts.creator, marker);
  const creatorAuth = await tokenOf(request, accounts.creator, DEMO_PASSWORD);
  const creatorId = (await (await request.get('/api/users/me', { headers: creatorAuth })).json())._id as string;

  // A fan who subscribes and writes to the creator: a private conversation for the console.
  const fan = await newFan(request);
  const fanAuth = await tokenOf(request, fan.username, fan.password);
  await topUpByCard(request, fanAuth, 25);
  await subscribeFromWallet(request, fanAuth, creatorId);
  const conversation = await request.post('/api/conversations', { headers: fanAuth, data: { source: 'performer', sourceId: creatorId } });
  expect(conversation.status(), await conversation.text()).toBe(200);
  const conversationId = (await conversation.json())._id as string;
  const sent = await request.post(`/api/messages/conversations/${conversationId}`, {
    headers: fanAuth,
    data: { text: 'A word in private' },
  });
  expect(sent.status(), await sent.text()).toBe(200);

  // Phone: the creator's posts, and the menu's groups, in both themes.
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, accounts.admin);
  await page.goto(`/admin/content/posts?user=${accounts.creator}`);
  await expect(page.getByRole('button', { name: marker })).toBeVisible();
  await accessibleInBothThemes(page);
  await page.getByRole('button', { name: 'Admin sections' }).click();
  for (const group of ['Content', 'People', 'Money', 'Moderation', 'Site', 'Audit']) {
    await expect(page.getByRole('dialog').getByText(group, { exact: true })).toBeVisible();
  }
  await page.keyboard.press('Escape');

  // Desktop: the list, its detail, and its CSV export of the same filter.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: marker }).click();
  const drawer = page.getByRole('dialog', { name: 'Posts' });
  await expect(drawer.getByRole('link', { name: /^\/post\// })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Hide' })).toBeVisible();
  await accessibleInBothThemes(page);
  await drawer.getByRole('button', { name: 'Close' }).click();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('posts.csv');
  const csv = await fs.readFile((await download.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toContain('id,kind,title');
  expect(csv).toContain(marker);
  const rows = csv.trim().split('\r\n').slice(1);
  expect(rows.length).toBeGreaterThan(0);
  // Only the filtered creator's posts: each row names them as its owner.
  expect(rows.filter((row) => !row.includes(`,${accounts.creator},`))).toEqual([]);

  // A private conversation opens only with a reason.
  await page.goto(`/admin/records/conversations?user=${fan.username}`);
  await page.getByRole('button', { name: 'Private conversation' }).click();
  await expect(page.getByText('A word in private')).toHaveCount(0);
  await page.getByRole('button', { name: 'Read messages' }).click();
  const reasonDialog = page.getByRole('dialog', { name: 'Read this private conversation' });
  await reasonDialog.getByRole('button', { name: 'Read' }).click();
  await expect(reasonDialog.getByText('Say why, in 3 characters or more')).toBeVisible();
  await reasonDialog.getByLabel('Reason (recorded in the audit trail)').fill('Report about harassment, case 7');
  await reasonDialog.getByRole('button', { name: 'Read' }).click();
  await expect(page.getByText('A word in private')).toBeVisible();
  await accessibleInBothThemes(page);

  // The reading is in the audit trail, with its reason.
  await page.goto(`/admin/audit?targetId=${conversationId}`);
  await page.getByRole('button', { name: 'Conversation read by an admin' }).click();
  await expect(page.getByRole('dialog', { name: 'Audit entry' }).getByText('Report about harassment, case 7')).toBeVisible();
  await accessibleInBothThemes(page);
  await page.getByRole('dialog', { name: 'Audit entry' }).getByRole('button', { name: 'Close' }).click();

  // A creator's commission.
  await page.goto(`/admin/creators?q=${accounts.creator}`);
  await page.getByRole('button', { name: 'Manage' }).first().click();
  await page.getByLabel(/^Commission, %/).fill('15');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await accessibleInBothThemes(page);
  const adminAuth = await tokenOf(request, accounts.admin, DEMO_PASSWORD);
  const creator = await request.get(`/api/admin/accounts/${creatorId}`, { headers: adminAuth });
  expect((await creator.json()).commission).toBe(0.15);
  await request.patch(`/api/admin/accounts/${creatorId}`, { headers: adminAuth, data: { commission: null } });

  // Log in as the fan: a new tab with the banner, and End closes that session.
  await page.goto(`/admin/fans?q=${fan.username}`);
  await page.getByRole('button', { name: 'Manage' }).click();
  await page.getByRole('button', { name: `Log in as @${fan.username}` }).click();
  const loginDialog = page.getByRole('dialog', { name: `Log in as @${fan.username}` });
  await loginDialog.getByLabel('Reason (recorded in the audit trail)').fill('Checking what the fan sees');
  const opening = page.waitForEvent('popup');
  await loginDialog.getByRole('button', { name: 'Log in as', exact: true }).click();
  const tab = await opening;
  await expect(tab.getByRole('status').filter({ hasText: `Signed in as ${fan.username} by an admin` })).toBeVisible();
  await expectAccessible(tab);
  // The admin's own tab keeps the admin's session: the log-in-as lives in its tab only.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Fans' })).toBeVisible();
  await tab.getByRole('button', { name: 'End' }).click();
  await expect(tab.getByText('by an admin')).toHaveCount(0);
  const trail = await request.get(`/api/admin/audit?action=account.impersonate&q=${encodeURIComponent('Checking what the fan sees')}`, {
    headers: adminAuth,
  });
  expect((await trail.json()).total).toBeGreaterThan(0);
});

test('the admin lists the site’s admins and adds one, who is listed at once; phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, accounts.admin);
  await page.goto('/admin/admins');
  await expect(page.getByRole('heading', { name: 'Admins' })).toBeVisible();
  const username = `helper_${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New admin' }).click();
  const dialog = page.getByRole('dialog', { name: 'New admin' });
  await dialog.getByLabel('E-mail').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Create and e-mail the link' }).click();
  await expect(dialog.getByText(/e-mail/i).last()).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill('Helper Admin');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('E-mail').fill(`${username}@example.test`);
  await dialog.getByRole('button', { name: 'Create and e-mail the link' }).click();
  await expect(page.getByText(/The admin account was made/)).toBeVisible();
  await page.getByLabel('Search admins').fill(username);
  await page.getByLabel('Search admins').press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${username}`));
  await expect(page.getByRole('cell', { name: username, exact: true })).toBeVisible();
  await accessibleInBothThemes(page);
});
