import { Secret, TOTP } from 'otpauth';
import { chooseTheme, DEMO_PASSWORD, expect, expectAccessible, logIn, newCreator, newFan, signIn, test } from './fixtures';

/**
 * Two-factor sign-in and passkeys (decision 048): an admin turns on an authenticator app and signs
 * in with its code; a fan adds a passkey with Chromium's virtual authenticator and signs in with it
 * alone. On a phone and a desktop, light and dark, with no serious axe finding.
 */
// Each journey signs in twice and checks several pages with axe.
test.describe.configure({ timeout: 90_000 });
const views = [
  { name: 'phone', viewport: { width: 390, height: 844 }, theme: 'dark' },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, theme: 'light' },
] as const;

test('an admin turns on an authenticator app, keeps the recovery codes, and signs in with a code', async ({ page, context }) => {
  await chooseTheme(context, 'dark');
  await page.setViewportSize(views[0].viewport);
  await signIn(page, 'security-admin@limelight.local');
  await page.goto('/account/security');
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await page.getByLabel('Code', { exact: true }).fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Recovery codes left:')).toBeVisible();

  // Signing in again: the password, then a code from the app (the next one: the first is spent).
  await page.evaluate(() => localStorage.clear());
  await context.clearCookies();
  await page.setViewportSize(views[1].viewport);
  await page.goto('/auth/login');
  await page.getByLabel('E-mail or username').fill('security-admin@limelight.local');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Code from your authenticator app').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
});

for (const view of views) {
  test(`a fan adds a passkey and signs in with it alone (${view.name}, ${view.theme})`, async ({ browser, baseURL }) => {
    // Passkeys need a domain: the site on 127.0.0.1 offers them on localhost (decision 048).
    const origin = (baseURL as string).replace('127.0.0.1', 'localhost');
    const context = await browser.newContext({ baseURL: origin, viewport: view.viewport });
    await chooseTheme(context, view.theme);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const fan = await newFan(page.request);
    await signIn(page, fan.username, fan.password);
    await page.goto('/account/security');
    await page.getByLabel('Name').fill('This laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('heading', { name: 'This laptop' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', view.theme);
    await expectAccessible(page);

    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
    // Signed in as the fan: the session cookie now answers for them.
    const me = await page.evaluate(async () => (await (await fetch('/api/users/me')).json()).username);
    expect(me).toBe(fan.username);
    await context.close();
  });
}

for (const view of views) {
  test(`a creator with a passkey is asked for it alone, then beside the app's code, and confirms payout changes for the session; a refused passkey is said in words (${view.name}, ${view.theme})`, async ({
    browser,
    baseURL,
  }) => {
    const origin = (baseURL as string).replace('127.0.0.1', 'localhost');
    const context = await browser.newContext({ baseURL: origin, viewport: view.viewport });
    await chooseTheme(context, view.theme);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const creator = await newCreator(page.request);
    await logIn(page, creator.username, { password: creator.password });
    // No second factor yet: nothing to confirm.
    const status = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/2fa');
    await page.goto('/creator/banking');
    expect((await (await status).json()).enabled).toBe(false);
    await expect(page.locator('form#bank')).toBeVisible();
    await expect(page.getByText('Confirm it is you')).toHaveCount(0);
    await page.goto('/account/security');
    await page.getByLabel('Name').fill('This phone');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await expect(page.getByRole('heading', { name: 'This phone' })).toBeVisible();

    // The banking page asks for the passkey, and for no code: this account has no app.
    await page.goto('/creator/banking');
    const prompt = page.getByRole('alert').filter({ hasText: 'Confirm it is you' });
    await expect(prompt.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await expect(prompt.getByRole('textbox')).toHaveCount(0);
    await expectAccessible(page);
    const bank = page.locator('form#bank');
    await bank.getByLabel('First name').fill('Connie');
    await bank.getByLabel('Last name').fill('Creator');
    await bank.getByLabel('Bank name').fill('Thames Bank');
    await bank.getByLabel('Account number or IBAN').fill('GB29NWBK60161331926819');
    await bank.getByLabel('Country').fill('United King');
    await page.keyboard.press('Enter');
    await bank.getByLabel('Current password').fill(creator.password);
    await bank.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByText(/^Confirm it is you first/)).toBeVisible();

    // A passkey whose signature does not check out, then one the person does not confirm: words, not a raw error.
    await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: true });
    await prompt.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByText('That passkey could not be verified, please try again')).toBeVisible();
    await cdp.send('WebAuthn.setResponseOverrideBits', { authenticatorId, isBogusSignature: false });
    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: false });
    await prompt.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page.getByText('The passkey was not used: the request was cancelled or timed out')).toBeVisible();

    await cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified: true });

    // With an authenticator app as well, the prompt offers both: the phone confirms with the
    // passkey, the desktop with the app's code.
    const setup = await page.request.post('/api/auth/2fa/totp/setup');
    const totp = new TOTP({ secret: Secret.fromBase32((await setup.json()).secret) });
    expect((await page.request.post('/api/auth/2fa/totp/confirm', { data: { code: totp.generate() } })).status()).toBe(200);
    await page.reload();
    await expect(prompt.getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await expect(prompt.getByLabel('Code from your app')).toBeVisible();
    if (view.name === 'phone') {
      await prompt.getByRole('button', { name: 'Use a passkey' }).click();
    } else {
      await prompt.getByLabel('Code from your app').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
      await prompt.getByRole('button', { name: 'Confirm' }).click();
    }
    await expect(page.getByText('Confirmed: payout changes are open for 10 minutes')).toBeVisible();
    await bank.getByLabel('First name').fill('Connie');
    await bank.getByLabel('Last name').fill('Creator');
    await bank.getByLabel('Bank name').fill('Thames Bank');
    await bank.getByLabel('Account number or IBAN').fill('GB29NWBK60161331926819');
    await bank.getByLabel('Country').fill('United King');
    await page.keyboard.press('Enter');
    await bank.getByLabel('Current password').fill(creator.password);
    await bank.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await page.reload();
    await expect(bank.getByLabel('Bank name')).toHaveValue('Thames Bank');
    // The confirmation holds for this session on every payout page, after a reload too.
    await expect(page.getByText('Confirmed: payout changes are open for 10 minutes')).toBeVisible();
    await page.goto('/creator/payouts');
    await expect(page.getByText('Confirmed: payout changes are open for 10 minutes')).toBeVisible();
    await context.close();
  });
}
