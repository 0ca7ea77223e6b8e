import AxeBuilder from '@axe-core/playwright';
import { SANDBOX_CARDS, THEME_COOKIE } from '@limelight/contracts';
import { type APIRequestContext, type Browser, type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import axe from 'axe-core';

export const DEMO_PASSWORD = 'limelight-demo';
export const accounts = {
  admin: 'admin@limelight.local',
  fan: 'fiona',
  creator: 'avastone',
  creatorWithoutUsername: 'newcreator@limelight.local',
};

/** Logs in through the form and, unless the login is meant to fail, waits until it has landed. */
export async function logIn(
  page: Page,
  login: string,
  options: { password?: string; remember?: boolean; redirect?: string; fails?: boolean } = {},
) {
  await page.goto(options.redirect ? `/auth/login?redirect=${encodeURIComponent(options.redirect)}` : '/auth/login');
  await page.getByLabel('E-mail or username').fill(login);
  await page.getByLabel('Password').fill(options.password ?? DEMO_PASSWORD);
  if (options.remember === false) await page.getByLabel('Remember me').uncheck();
  await page.getByRole('button', { name: 'Log in' }).click();
  if (!options.fails) await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
}

/**
 * Signs in through the API on the page's context, which keeps the session cookie, without loading
 * the form: for tests about something else, which open the page they need next. Each form sign-in
 * is a page load and a landing page more (logIn tests the form). The server sets the cookie only
 * for a sign-in sent from its own pages, which a browser says with `Origin`.
 */
export async function signIn(page: Page, login: string, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/auth/login', {
    data: { [login.includes('@') ? 'email' : 'username']: login, password },
    headers: { origin: siteOrigin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Fills a sign-up form (fan or creator) with one person; the e-mail defaults to the username's. */
export async function fillSignUp(
  page: Page,
  { name, username, email = `${username}@example.test`, password }: { name: string; username: string; email?: string; password: string },
) {
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  // Every sign-up confirms the age and accepts the Terms and the Privacy policy (decision 050).
  await page.getByRole('checkbox', { name: 'I am 18 or older' }).check();
  await page.getByRole('checkbox', { name: /I accept the Terms/ }).check();
}

/**
 * Logs out from the account menu. The menu opens with an animation, during which a click may
 * not reach the item, so the whole gesture is retried until the login page shows.
 */
export async function logOut(page: Page) {
  await expect(async () => {
    if (!page.url().endsWith('/auth/login')) {
      await page.getByTestId('account-menu').click({ timeout: 2_000 });
      await page.getByRole('menuitem', { name: 'Log out' }).click({ timeout: 2_000 });
    }
    await expect(page).toHaveURL(/\/auth\/login$/, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** Fails the test on any console error or uncaught exception in the page. */
/** The origin of the server the running test's pages are on (its `baseURL`: demo.spec.ts starts its own). */
let siteOrigin = '';

/**
 * The theme a visitor chose, as the app keeps it: the cookie the server draws pages in (decision
 * 079) and the browser's stored choice, for every page the context opens from now on.
 */
export async function chooseTheme(context: BrowserContext, theme: 'light' | 'dark') {
  await context.addCookies([{ name: THEME_COOKIE, value: theme, url: siteOrigin }]);
  // The browser's stored choice has the cookie's name (shared/lib/theme.ts).
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [THEME_COOKIE, theme]);
}

/**
 * A page the server drew (decision 079) shows before its script runs; a test acts as a person does
 * once it answers: `goto` and `reload` wait for the app to have taken the page over.
 */
export async function untilInteractive(page: Page) {
  await page.waitForFunction(() => !document.getElementById('render-state') || document.documentElement.dataset.hydrated === 'true');
}

/** `goto` and `reload` of this page wait until the app has taken over what they open. */
function waitingForTheApp(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilInteractive(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilInteractive(page);
    return response;
  };
  return page;
}

export const test = base.extend<{ consoleErrors: string[]; siteOrigin: string }, { browser: Browser }>({
  page: async ({ page }, use) => {
    await use(waitingForTheApp(page));
  },
  // The pages of the contexts a test opens itself (a second person beside the first) wait too.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        // Without script nothing takes the page over: it is read as it comes.
        if (args[0]?.javaScriptEnabled !== false) context.on('page', waitingForTheApp);
        return context;
      };
      await use(browser);
    },
    { scope: 'worker' },
  ],
  siteOrigin: [
    async ({ baseURL }, use) => {
      siteOrigin = new URL(baseURL!).origin;
      await use(siteOrigin);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // A refused API call (401, 404) is logged by the browser itself; the app handles it.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * axe-core's source, run in a document only when axe is not there yet. AxeBuilder evaluates the
 * whole source at every check, and by default in a blank page of its own too to merge the frames'
 * results: 1.5 to 3 s a check on this machine, against 0.5 to 1 s this way, over the suite's
 * hundreds of checks (decision 069). Legacy mode runs axe in the page itself, which checks the
 * frames of the site's own origin; a payment provider's frames are the provider's to check.
 */
const axeOncePerDocument = `if (typeof window.axe === 'undefined') {\n${axe.source}\n}`;

/** No serious or critical axe finding on the page, colour contrast included (WCAG 2.2 AA, decision 029). */
export async function expectAccessible(page: Page, options: { soft?: boolean } = {}) {
  const { violations } = await new AxeBuilder({ page, axeSource: axeOncePerDocument }).setLegacyMode().analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  // Each node with what axe measured (for contrast: the colours and the ratio), so a failure says what to change.
  const found = (node: (typeof violations)[number]['nodes'][number]) => {
    const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
    const measured = data?.contrastRatio ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
    return `${node.target.join(' ')}${measured}`;
  };
  (options.soft ? expect.soft : expect)(serious.map((violation) => `${violation.id}: ${violation.nodes.map(found).join(', ')}`)).toEqual(
    [],
  );
}

/** Both themes' axe check of what the page shows now (it starts and ends in the light theme). */
export async function accessibleInBothThemes(page: Page) {
  await expectAccessible(page);
  // Dispatched: an open drawer's mask covers the header's toggle.
  await page.getByTestId('theme-toggle').dispatchEvent('click');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page);
  await page.getByTestId('theme-toggle').dispatchEvent('click');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
}

/** A bearer token for API calls made beside the browser (setting things up, not what is tested). */
export async function tokenOf(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/api/auth/login', { data: { username, password } });
  expect(response.status()).toBe(200);
  return { authorization: `Bearer ${(await response.json()).token}` };
}

/** Changes a setting through the admin API, as an admin signed in on the page's context. */
export async function setSettingAsAdmin(page: Page, key: string, value: unknown) {
  const login = await page.request.post('/api/auth/login', { data: { email: accounts.admin, password: DEMO_PASSWORD } });
  const { token } = await login.json();
  const response = await page.request.put(`/api/admin/settings/${key}`, { data: { value }, headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A new fan made through the API, so each run starts with no follows, bookmarks or sessions. */
export async function newFan(request: APIRequestContext) {
  const username = `fan_${unique()}`;
  const email = `${username}@example.test`;
  const response = await request.post('/api/auth/users/register', {
    data: { name: 'Social Fan', username, email, password: 'social-password-1', ageConfirmed: true, termsAccepted: true },
  });
  expect(response.status()).toBe(201);
  return { username, email, password: 'social-password-1' };
}

/** The smallest PNG: the identity documents a creator's sign-up must carry. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A new creator made through the API, so each run starts with no payout ways, passkeys or earnings. */
export async function newCreator(request: APIRequestContext, prefix = 'creator', name = 'Connie Creator') {
  const username = `${prefix}_${unique()}`;
  const password = 'creator-password-1';
  const response = await request.post('/api/auth/performers/register', {
    multipart: {
      name,
      username,
      email: `${username}@example.test`,
      password,
      gender: 'female',
      dateOfBirth: '1990-01-01',
      ageConfirmed: 'true',
      termsAccepted: 'true',
      idVerification: { name: 'id.png', mimeType: 'image/png', buffer: PNG },
      documentVerification: { name: 'selfie.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { username, password };
}

/** A new creator whose documents the admin verified through the API: fans may open their page, and no other test's creator is touched. */
export async function newVerifiedCreator(request: APIRequestContext, prefix = 'creator', name?: string) {
  const creator = await newCreator(request, prefix, name);
  const adminAuth = await tokenOf(request, accounts.admin, DEMO_PASSWORD);
  const creatorAuth = await tokenOf(request, creator.username, creator.password);
  const id = (await (await request.get('/api/users/me', { headers: creatorAuth })).json())._id as string;
  const verified = await request.put(`/api/admin/performers/${id}/verify-documents`, { headers: adminAuth, data: { verified: true } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { ...creator, id, headers: creatorAuth };
}

/** Fills the open sandbox card form with a test card and saves it. */
export async function saveSandboxCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Year').fill(String(new Date().getFullYear() + 1));
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByText(`•••• ${number.slice(-4)} added`)).toBeVisible();
}

/**
 * A free text post by a demo creator, who then has something to show: the Top creators shelf
 * and a fan's suggestions list only creators with something published.
 */
export async function freePostBy(request: APIRequestContext, username: string, text = 'Hello from the studio') {
  const response = await request.post('/api/performer/feeds', {
    headers: await tokenOf(request, username, DEMO_PASSWORD),
    data: { type: 'text', text, isSale: true, price: 0 },
  });
  expect(response.status()).toBe(200);
  return (await response.json())._id as string;
}

type Auth = { authorization: string };

/** Saves the sandbox's test card for an account and tops its wallet up with it by `amount` tokens, through the API. */
export async function topUpByCard(request: APIRequestContext, auth: Auth, amount: number) {
  const card = await request.post('/api/sandbox/cards', {
    headers: auth,
    data: { number: SANDBOX_CARDS.success, expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123' },
  });
  expect(card.status()).toBe(200);
  const topUp = await request.post('/api/payment/wallet/top-up', { headers: auth, data: { amount } });
  expect(topUp.status(), await topUp.text()).toBe(200);
}

/** Subscribes an account to a creator for a month, paid from its wallet, through the API. */
export async function subscribeFromWallet(request: APIRequestContext, auth: Auth, performerId: string) {
  const subscribed = await request.post('/api/payment/subscribe/performers', {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { performerId, type: 'monthly', paymentMethod: 'wallet' },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(200);
}
