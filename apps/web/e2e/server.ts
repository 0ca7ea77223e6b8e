// The product as `npm start` runs it, on a throwaway data directory, with the demo accounts plus
// one creator who has no username yet. Non-remembered sessions last seconds so that the expiry
// flow can be seen in a browser test. Google and Twitter sign-in run against local fakes that
// check every signature, switched on with their keys. Stripe's API is a local fake too, which
// delivers its signed webhooks here; the site uses it once a test switches the gateway to Stripe.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { performerProfiles, settings } from '../../api/src/db/schema';
import { DEMO_PASSWORD, seedDemoData } from '../../api/src/demo/seed';
import { recordAgreements } from '../../api/src/modules/agreements';
import { insertAccount } from '../../api/src/modules/users';
import { startFakeGoogle } from '../../api/test/fakes/google';
import { startFakeStripe } from '../../api/test/fakes/stripe';
import { startFakeTwitter } from '../../api/test/fakes/twitter';
import { E2E_PORT, FAKE_STRIPE_PORT, FAKE_STRIPE_WEBHOOK_SECRET } from './stack';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'limelight-e2e-'));
const googleClient = { clientId: 'e2e.apps.googleusercontent.com', clientSecret: 'e2e-google-secret' };
const twitterConsumer = { key: 'e2e-twitter-key', secret: 'e2e-twitter-secret' };
const google = await startFakeGoogle(googleClient);
const twitter = await startFakeTwitter(twitterConsumer);
const stripe = await startFakeStripe(FAKE_STRIPE_WEBHOOK_SECRET, {
  port: FAKE_STRIPE_PORT,
  webhookUrl: `http://127.0.0.1:${E2E_PORT}/api/payment/stripe/webhook`,
});
const config = loadConfig({
  ...process.env,
  PORT: String(E2E_PORT),
  PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
  GOOGLE_BASE_URL: google.url,
  TWITTER_BASE_URL: twitter.url,
  STRIPE_API_BASE: stripe.url,
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  SESSION_TTL_SECONDS: '4',
  // Every test signs in from this one address: the per-address limit on sign-ins (30 a minute)
  // would refuse a fast run's logins at random. Its own test is in the API suite (auth.test.ts).
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  LOG_LEVEL: 'warn',
  // The admin journeys sign in by password; two-factor.spec.ts enrols its own admin voluntarily.
  REQUIRE_ADMIN_2FA: 'false',
  // Browser tests fake a visitor's country with X-Forwarded-For, as a proxy in front would set it.
  TRUST_PROXY: 'true',
  // One media job at a time on any machine, so a test can keep a video waiting behind a longer one
  // (client-resilience.spec.ts sees a post while its video is still processing).
  MEDIA_CONCURRENCY: '1',
});
const app = await buildApp(config);
await seedDemoData(app.deps.db, config.hashPwClient);
const incomplete = await insertAccount(app.deps.db, 'performer', {
  name: 'New Creator',
  email: 'newcreator@limelight.local',
  password: DEMO_PASSWORD,
  verifiedEmail: true,
});
await app.deps.db.insert(performerProfiles).values({ userId: incomplete.id, gender: 'female' });
// An admin of its own for two-factor.spec.ts, which turns two-factor sign-in on for it.
await insertAccount(app.deps.db, 'admin', {
  name: 'Security Admin',
  email: 'security-admin@limelight.local',
  password: DEMO_PASSWORD,
  verifiedEmail: true,
});
await recordAgreements(app.deps.db, incomplete.id);
// Discovery lists a verified creator once their page has an avatar, a price and a first post
// (decision 051): the demo creators get an avatar and a welcome post, through the API.
const avatar = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#42b1e8' } })
  .png()
  .toBuffer();
for (const username of ['avastone', 'leohart', 'riovega']) {
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${login.json().token}` };
  const form = new FormData();
  form.append('avatar', new Blob([avatar]), 'avatar.png');
  const uploaded = await app.inject({ method: 'POST', url: '/api/users/avatar/upload', headers, payload: form });
  const posted = await app.inject({
    method: 'POST',
    url: '/api/performer/feeds',
    headers,
    payload: { type: 'text', text: 'Welcome to my page', isSale: true, price: 0 },
  });
  if (uploaded.statusCode !== 200 || posted.statusCode !== 200) throw new Error(`Setting up ${username}: ${uploaded.body} ${posted.body}`);
  await app.inject({ method: 'POST', url: '/api/auth/logout', headers });
}
const socialSettings = {
  googleLoginEnabled: true,
  googleClientId: googleClient.clientId,
  googleClientSecret: googleClient.clientSecret,
  twitterLoginEnabled: true,
  twitterConsumerKey: twitterConsumer.key,
  twitterConsumerSecret: twitterConsumer.secret,
};
await app.deps.db.insert(settings).values(Object.entries(socialSettings).map(([key, value]) => ({ key, value })));
await app.deps.settings.reload();

const stop = async () => {
  await app.close();
  await Promise.all([google.close(), twitter.close(), stripe.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
await app.listen({ port: E2E_PORT, host: '127.0.0.1' });
