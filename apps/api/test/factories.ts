import type { Role } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { paymentTransactions, performerProfiles, purchasedItems, subscriptions, users } from '../src/db/schema';
import { insertAccount } from '../src/modules/users/accounts';
import { platform, post, walletOf } from '../src/platform/ledger';
import { checkLedger } from '../src/platform/ledger-check';
import type { Site } from './site';

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const PASSWORD = 'correct-horse-9';

/**
 * A client address no other run has used: rate limits kept in Redis outlive a test run, so a
 * fixed address would be refused when the suite runs again within the window.
 */
export const freshIp = () => `127.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;
/** The smallest valid PNG: 1x1 transparent pixel. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export function fanInput(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    name: `Fan ${id}`,
    username: `fan_${id}`,
    email: `fan_${id}@example.test`,
    password: PASSWORD,
    // The sign-up form's two boxes (decision 050).
    ageConfirmed: true,
    termsAccepted: true,
    ...overrides,
  };
}

export function performerForm(overrides: Record<string, string> = {}, files: Record<string, Buffer | null> = {}) {
  const id = unique();
  const fields = {
    name: `Creator ${id}`,
    username: `creator_${id}`,
    email: `creator_${id}@example.test`,
    password: PASSWORD,
    gender: 'female',
    country: 'US',
    dateOfBirth: '1995-05-05',
    ageConfirmed: 'true',
    termsAccepted: 'true',
    ...overrides,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const documents = { idVerification: PNG, documentVerification: PNG, ...files };
  for (const [key, value] of Object.entries(documents)) if (value) form.append(key, new Blob([value]), `${key}.png`);
  return { fields, form };
}

export async function registerFan(app: Site, overrides: Record<string, unknown> = {}) {
  const input = fanInput(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/users/register', payload: input });
  expect(response.statusCode, response.body).toBe(201);
  return { ...input, _id: response.json()._id as string };
}

export async function registerPerformer(app: Site, overrides: Record<string, string> = {}) {
  const { fields, form } = performerForm(overrides);
  const response = await app.inject({ method: 'POST', url: '/api/auth/performers/register', payload: form });
  expect(response.statusCode, response.body).toBe(201);
  return { ...fields, _id: response.json()._id as string };
}

export async function login(app: Site, loginName: string, password = PASSWORD, remember?: boolean) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: loginName, password, remember } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

/** Creates an account straight in the database (as the admin CLI does) and logs it in. */
export async function signedIn(app: Site, role: Role) {
  const id = unique();
  const user = await insertAccount(app.deps.db, role, {
    name: `${role} ${id}`,
    username: role === 'admin' ? undefined : `${role}_${id}`,
    email: `${role}_${id}@example.test`,
    password: PASSWORD,
    verifiedEmail: true,
  });
  const token = await login(app, user.email!);
  return { user, token, headers: { authorization: `Bearer ${token}` } };
}

/** A creator whose documents an admin verified, so fans can find, follow and bookmark them. */
export async function verifiedPerformer(app: Site) {
  const performer = await signedIn(app, 'performer');
  await app.deps.db.insert(performerProfiles).values({ userId: performer.user.id, gender: 'female', verifiedDocument: true });
  return performer;
}

/**
 * A verified creator whose page discovery lists (decision 051): an avatar (its key set as an
 * upload leaves it), a monthly price and a first published post, made through the API.
 */
export async function creatorOnShelves(app: Site, performer?: Awaited<ReturnType<typeof signedIn>>) {
  const creator = performer ?? (await verifiedPerformer(app));
  await app.deps.db
    .update(users)
    .set({ avatarKey: `avatars/${creator.user.id}.webp` })
    .where(eq(users.id, creator.user.id));
  await app.deps.db.update(performerProfiles).set({ monthlyPriceCents: 999 }).where(eq(performerProfiles.userId, creator.user.id));
  const post = await app.inject({
    method: 'POST',
    url: '/api/performer/feeds',
    headers: creator.headers,
    payload: { type: 'text', text: 'Hello from the studio', isSale: true, price: 0 },
  });
  expect(post.statusCode, post.body).toBe(200);
  return creator;
}

/** The fields a 4xx answer names, sorted, so a test reads as the list it expects. */
/** A delivery address as a fan types it into their address book. */
export const HOME_ADDRESS = {
  name: 'Fiona Fan',
  country: 'GB',
  city: 'London',
  street: '1 Lime Street',
  postalCode: 'EC3M 7AA',
  phone: '+44 20 7946 0000',
};

/** Changes a site setting as the admin does. */
export async function setSetting(app: Site, key: string, value: unknown) {
  const admin = await signedIn(app, 'admin');
  const response = await app.inject({ method: 'PUT', url: `/api/admin/settings/${key}`, headers: admin.headers, payload: { value } });
  expect(response.statusCode, response.body).toBe(200);
}

export function refusedFields(response: { json(): unknown }): string[] {
  const { details = [] } = response.json() as { details?: Array<{ field: string }> };
  return details.map((detail) => detail.field).sort();
}

/** A subscription as the Money issue's payments leave it: active until `expiredAt`. */
export async function subscribe(app: Site, userId: string, performerId: string, expiredAt = new Date(Date.now() + 30 * 86_400_000)) {
  await app.deps.db
    .insert(subscriptions)
    .values({ userId, performerId, type: 'monthly', status: 'active', startedAt: new Date(), expiredAt })
    .onConflictDoUpdate({ target: [subscriptions.userId, subscriptions.performerId], set: { status: 'active', expiredAt } });
}

/** A verified creator, a fan subscribed to them, and the conversation the fan opened with them. */
export async function subscribedPair(app: Site) {
  const creator = await verifiedPerformer(app);
  const fan = await signedIn(app, 'user');
  await subscribe(app, fan.user.id, creator.user.id);
  const opened = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: fan.headers,
    payload: { source: 'performer', sourceId: creator.user.id },
  });
  return { creator, fan, conversationId: opened.json()._id as string };
}

/** A purchase as a successful wallet charge leaves it. */
export async function purchase(app: Site, userId: string, itemType: 'feed' | 'video' | 'gallery' | 'product', itemId: string) {
  await app.deps.db.insert(purchasedItems).values({ userId, itemType, itemId });
}

/**
 * Tokens in a fan's wallet as a successful card top-up leaves them: a paid transaction and its
 * journal from the gateway's clearing account, through the real ledger.
 */
export async function fundWallet(app: Site, userId: string, amount: number) {
  const amountCents = Math.round(amount * 100);
  await app.deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(paymentTransactions)
      .values({ userId, gateway: 'sandbox', type: 'wallet_top_up', status: 'success', amountCents, tokensCents: amountCents })
      .returning();
    await post(tx, { kind: 'top_up', referenceType: 'payment', referenceId: payment!.id }, [
      { ...platform('gateway_clearing'), amountCents: -amountCents },
      { ...walletOf(userId), amountCents },
    ]);
  });
}

/** Fails the test when any money invariant is broken (what `npm run ledger:check` checks). */
export async function expectSoundLedger(app: Site) {
  expect(await checkLedger(app.deps.db)).toEqual([]);
}

/** Bank details for payouts, saved as a creator saves them (with their password). */
export async function saveBankDetails(app: Site, creator: { headers: Record<string, string> }) {
  const bank = {
    firstName: 'Ava',
    lastName: 'Stone',
    bankName: 'Lime Bank',
    bankAccount: '12345678',
    country: 'US',
    currentPassword: PASSWORD,
  };
  const saved = await app.inject({ method: 'PUT', url: '/api/performers/banking-settings', headers: creator.headers, payload: bank });
  expect(saved.statusCode, saved.body).toBe(200);
}
