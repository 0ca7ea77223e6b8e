import type { Page } from '@playwright/test';
import { accounts, chooseTheme, DEMO_PASSWORD, expect, expectAccessible, logIn, newFan, test, tokenOf } from './fixtures';

const views = [
  { name: 'desktop light', viewport: { width: 1280, height: 900 }, theme: 'light' },
  { name: 'phone dark', viewport: { width: 375, height: 800 }, theme: 'dark' },
] as const;

async function inView(page: Page, view: (typeof views)[number], path: string) {
  await page.setViewportSize(view.viewport);
  await chooseTheme(page.context(), view.theme);
  await page.goto(path);
  // The site's pages mark the theme on <html>; the admin area reads the same choice without marking it.
  if (!path.startsWith('/admin')) await expect(page.locator('html')).toHaveAttribute('data-theme', view.theme);
}

test('a fan turns a category of e-mails off on /notifications/settings, saved on the server; phone and desktop, light and dark', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const fan = await newFan(page.request);
  await logIn(page, fan.username, { password: fan.password });
  // The account menu leads there.
  await page.setViewportSize(views[0].viewport);
  await page.goto('/user/account');
  await page.getByRole('link', { name: 'All notification settings' }).click();
  await expect(page).toHaveURL(/\/notifications\/settings$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notification settings');

  const subscriptions = page.getByRole('switch', { name: 'Subscriptions and renewals by e-mail' });
  await expect(subscriptions).toBeChecked();
  await subscriptions.click();
  await expect(page.getByText('Subscriptions and renewals: e-mails off')).toBeVisible();
  const auth = await tokenOf(page.request, fan.username, fan.password);
  const saved = await (await page.request.get('/api/emails/preferences', { headers: auth })).json();
  expect(saved).toContainEqual({ category: 'subscriptions', email: false });

  for (const view of views) {
    await inView(page, view, '/notifications/settings');
    await expect(page.getByRole('switch', { name: 'Subscriptions and renewals by e-mail' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Messages by e-mail' })).toBeChecked();
    await expectAccessible(page);
  }
});

// Reloading the editor at /admin/email-templates/subscription.started: the server answers a browser's
// navigation with the page even though the address holds a dot (it took it for a missing file before).
test('the admin edits an e-mail template and sees the preview; phone and desktop, light and dark', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A retry starts from the default text, whatever an earlier attempt left saved.
  const login = await request.post('/api/auth/login', { data: { email: accounts.admin, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  expect((await request.delete('/api/admin/email-templates/subscription.started', { headers })).status()).toBe(200);
  await logIn(page, accounts.admin);
  await page.setViewportSize(views[0].viewport);
  await page.goto('/admin/email-templates?q=subscription.started');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('E-mail templates');
  await page.getByRole('link', { name: 'A fan’s subscription (or free trial) started' }).click();
  await expect(page).toHaveURL(/\/admin\/email-templates\/subscription\.started$/);
  await expect(page.getByTestId('preview-subject')).toHaveText('You are subscribed to lena');

  const subject = `Welcome, {{name}}: {{creator}} awaits ${Date.now().toString(36)}`;
  await page.getByLabel('Subject').fill(subject);
  await expect(page.getByTestId('preview-subject')).toHaveText(subject.replace('{{name}}', 'Alex').replace('{{creator}}', 'lena'));
  await expect(page.getByTestId('preview-body')).toContainText('Your subscription to lena started');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Template saved')).toBeVisible();

  // An unknown variable is named, not saved.
  await page.getByLabel('Subject').fill('Hello {{nobody}}');
  await expect(page.getByText(/unknown: \{\{nobody\}\}/).first()).toBeVisible();

  for (const view of views) {
    await inView(page, view, '/admin/email-templates/subscription.started');
    await expect(page.getByTestId('preview-subject')).toContainText('Welcome, Alex');
    await expectAccessible(page);
  }
  await inView(page, views[0], '/admin/email-templates?state=edited');
  await expect(page.getByRole('link', { name: 'A fan’s subscription (or free trial) started' })).toBeVisible();
  await expectAccessible(page);

  // Back to the default for the other tests.
  await page.goto('/admin/email-templates/subscription.started');
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByText('Back to the default text')).toBeVisible();
  await expect(page.getByTestId('preview-subject')).toHaveText('You are subscribed to lena');
});
