/** Where the browser tests' server and the fakes beside it listen, and the secrets they share. */
/** The env E2E_PORT moves both (the fake Stripe takes the next port), so two checkouts can run their browser tests at once. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3517);
/** The local fake of Stripe's API (the server's STRIPE_API_BASE; the browser reaches it as api.stripe.com). */
export const FAKE_STRIPE_PORT = Number(process.env.FAKE_STRIPE_PORT ?? E2E_PORT + 1);
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_e2e_limelight';
