import { and, count, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { sessions } from '../../db/read/platform/sessions';
import { type IdentityProvider, knownDevices, socialIdentities, twitterRequests } from '../../db/schema/auth';
import { hashToken } from '../../platform/tokens';

/** Whether this browser's device id is kept with the account. */
export async function isKnownDevice(db: Queryable, userId: string, deviceId: string | undefined) {
  if (!deviceId) return false;
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, userId), eq(knownDevices.deviceHash, hashToken(deviceId))));
  return !!row;
}

/** How many devices the account has signed in from. */
export async function knownDeviceCount(tx: Queryable, userId: string) {
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(knownDevices).where(eq(knownDevices.userId, userId));
  return n;
}

/** Keeps the device with the account, or marks it seen now; answers when it was first and last seen (the same when new). */
export async function keepKnownDevice(
  tx: Queryable,
  userId: string,
  device: { deviceHash: string; userAgent: string | undefined; country: string | null },
) {
  const { deviceHash, userAgent, country } = device;
  const [added] = await tx
    .insert(knownDevices)
    .values({ userId, deviceHash, userAgent, country })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.deviceHash],
      set: { lastSeenAt: new Date(), userAgent, country },
    })
    .returning({ createdAt: knownDevices.createdAt, lastSeenAt: knownDevices.lastSeenAt });
  return added;
}

/** The account's known devices, last seen first (at most 200). */
export const knownDevicesOf = (db: Queryable, userId: string) =>
  db.select().from(knownDevices).where(eq(knownDevices.userId, userId)).orderBy(desc(knownDevices.lastSeenAt)).limit(200);

/** Forgets one of the account's devices; false when it has no such device. */
export async function deleteKnownDevice(db: Queryable, userId: string, deviceId: string) {
  const forgotten = await db
    .delete(knownDevices)
    .where(and(eq(knownDevices.id, deviceId), eq(knownDevices.userId, userId)))
    .returning({ id: knownDevices.id });
  return forgotten.length > 0;
}

/** The account's sessions neither revoked nor expired, newest first (at most 100). */
export const liveSessionsOf = (db: Queryable, userId: string) =>
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt))
    .limit(100);

/** Deletes the Twitter request tokens that expired before `now`. */
export async function deleteExpiredTwitterRequests(db: Queryable, now: Date) {
  await db.delete(twitterRequests).where(lt(twitterRequests.expiresAt, now));
}

/** Keeps a Twitter request token (with the role chosen) until step 2 uses it. */
export async function storeTwitterRequest(db: Queryable, request: typeof twitterRequests.$inferInsert) {
  await db.insert(twitterRequests).values(request);
}

/** The stored Twitter request of this token, if any. */
export async function twitterRequestOf(db: Queryable, oauthToken: string) {
  const [stored] = await db.select().from(twitterRequests).where(eq(twitterRequests.oauthToken, oauthToken));
  return stored;
}

/** Deletes the Twitter request of this token; false when another callback deleted it first. */
export async function claimTwitterRequest(db: Queryable, oauthToken: string) {
  const claimed = await db.delete(twitterRequests).where(eq(twitterRequests.oauthToken, oauthToken)).returning();
  return claimed.length > 0;
}

/** The account an outside identity is linked to, if any. */
export async function linkedUserId(db: Queryable, provider: IdentityProvider, providerUserId: string) {
  const [link] = await db
    .select({ userId: socialIdentities.userId })
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.providerUserId, providerUserId)));
  return link?.userId;
}

/** Links an outside identity to the account; undefined when it is linked already. */
export async function linkSocialIdentity(tx: Queryable, provider: IdentityProvider, providerUserId: string, userId: string) {
  const [link] = await tx.insert(socialIdentities).values({ provider, providerUserId, userId }).onConflictDoNothing().returning();
  return link;
}
