import type { Gender } from '@limelight/contracts';
import { count } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { performerProfiles, posts, users } from '../db/schema';
import { recordAgreements } from '../modules/agreements';
import { insertAccount } from '../modules/users/accounts';
import { passwordAsSentByClient } from '../platform/password';

export const DEMO_PASSWORD = 'limelight-demo';

export type DemoAccount = { role: 'admin' | 'user' | 'performer'; name: string; username?: string; email: string };
type Plans = { monthlyPriceCents: number; threeMonthPriceCents?: number; yearlyPriceCents?: number; isFreeSubscription?: boolean };
export type DemoCreator = DemoAccount & { gender: Gender; country: string; dateOfBirth: string; bio: string; plans: Plans };

const accounts: Array<DemoAccount | DemoCreator> = [
  { role: 'admin', name: 'Site Admin', email: 'admin@limelight.local' },
  { role: 'user', name: 'Fiona Fan', username: 'fiona', email: 'fiona@limelight.local' },
  { role: 'user', name: 'Felix Fan', username: 'felix', email: 'felix@limelight.local' },
  {
    role: 'performer',
    name: 'Ava Stone',
    username: 'avastone',
    email: 'ava@limelight.local',
    gender: 'female',
    country: 'US',
    dateOfBirth: '1996-04-12',
    bio: 'Yoga, travel and behind-the-scenes of my photo shoots.',
    plans: { monthlyPriceCents: 999, threeMonthPriceCents: 2699, yearlyPriceCents: 8999, isFreeSubscription: true },
  },
  {
    role: 'performer',
    name: 'Leo Hart',
    username: 'leohart',
    email: 'leo@limelight.local',
    gender: 'male',
    country: 'GB',
    dateOfBirth: '1992-09-30',
    bio: 'Fitness coach. Daily workouts and meal plans for subscribers.',
    plans: { monthlyPriceCents: 1200, threeMonthPriceCents: 3000 },
  },
  {
    role: 'performer',
    name: 'Rio Vega',
    username: 'riovega',
    email: 'rio@limelight.local',
    gender: 'transgender',
    country: 'BR',
    dateOfBirth: '1999-01-05',
    bio: 'Music, dance and live sessions every Friday.',
    plans: { monthlyPriceCents: 750 },
  },
];

/**
 * Seeds an admin, two fans and three verified creators with subscription plans into an empty
 * database, so the quick start has people to log in as and subscribe to. Returns the logins it
 * created (none when users exist).
 */
export async function seedDemoData(db: Database, hashPwClient: boolean) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
  if (total > 0) return [];
  const password = passwordAsSentByClient(DEMO_PASSWORD, hashPwClient);
  await db.transaction(async (tx) => {
    // Sign-up and the wallet link to these pages; the admin rewrites the placeholders at /admin.
    // First, so that the demo accounts have accepted their versions (decision 050).
    await tx.insert(posts).values([
      {
        slug: 'terms',
        title: 'Terms',
        status: 'published',
        content:
          '<p>You must be 18 or older to use this site. Tokens are bought with a card, are not refundable once spent, and pay for posts, videos, galleries, tips and subscriptions on this site.</p>',
      },
      {
        slug: 'privacy',
        title: 'Privacy policy',
        status: 'published',
        content:
          '<p>We keep what you give us to run your account: your name, e-mail address, what you buy and, for creators, identity documents checked by our staff. We never sell it.</p>',
      },
    ]);
    await insertDemoAccounts(tx, accounts, password);
  });
  return loginsOf(accounts);
}

/** Whether the database holds the accounts `seedDemoData` makes and no others (a first start). */
export async function holdsOnlyDemoAccounts(db: Database) {
  const rows = await db.select({ email: users.email }).from(users);
  const demo = new Set(accounts.map((account) => account.email));
  return rows.length === demo.size && rows.every((row) => row.email && demo.has(row.email));
}

/** What `npm start` prints for each demo account. */
export const loginsOf = (list: DemoAccount[]) =>
  list.map((account) => ({ role: account.role, login: account.username ?? account.email, password: DEMO_PASSWORD }));

/** Inserts accounts (creators verified, with their profile and plans) in order, all with `password`. */
export async function insertDemoAccounts(tx: Queryable, list: Array<DemoAccount | DemoCreator>, password: string) {
  for (const account of list) {
    const user = await insertAccount(tx, account.role, { ...account, password, verifiedEmail: true });
    await recordAgreements(tx, user.id);
    if ('gender' in account) {
      await tx.insert(performerProfiles).values({
        userId: user.id,
        gender: account.gender,
        country: account.country,
        dateOfBirth: account.dateOfBirth,
        bio: account.bio,
        ...account.plans,
        verifiedDocument: true,
        verifiedAt: new Date(),
      });
    }
  }
}
