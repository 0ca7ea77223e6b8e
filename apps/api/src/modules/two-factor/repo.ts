import { and, count, desc, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { authChallenges, passkeys, recoveryCodes, sessionStepUps, totpSecrets } from '../../db/schema/two-factor';
import { hashToken, newOpaqueToken } from '../../platform/tokens';

export type PasskeyRow = typeof passkeys.$inferSelect;
type PasskeyPurpose = 'passkey_register' | 'passkey_assert';

/** Whether the account has a confirmed app, how many passkeys and how many unused recovery codes: three queries at once. */
export async function factorCounts(db: Queryable, userId: string) {
  const [[totp], [keys], [codes]] = await Promise.all([
    db
      .select({ confirmedAt: totpSecrets.confirmedAt })
      .from(totpSecrets)
      .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt))),
    db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)),
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return { totp: !!totp, passkeys: keys?.n ?? 0, recoveryCodesLeft: codes?.n ?? 0 };
}

/** The account's app secret, confirmed or still waiting for its first code. */
export async function totpSecretOf(db: Queryable, userId: string, confirmed: boolean) {
  const [row] = await db
    .select()
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), confirmed ? isNotNull(totpSecrets.confirmedAt) : isNull(totpSecrets.confirmedAt)));
  return row;
}

/** Moves the app's last accepted step on to `step` if it is later; false when it was not (the code was used). */
export async function advanceTotpStep(db: Queryable, userId: string, step: number) {
  const [used] = await db
    .update(totpSecrets)
    .set({ lastStep: step })
    .where(and(eq(totpSecrets.userId, userId), or(isNull(totpSecrets.lastStep), lt(totpSecrets.lastStep, step))))
    .returning({ userId: totpSecrets.userId });
  return !!used;
}

/** Keeps a new (sealed) app secret, replacing one never confirmed. */
export async function storeTotpSecret(db: Queryable, userId: string, sealed: string) {
  await db
    .insert(totpSecrets)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({ target: totpSecrets.userId, set: { secret: sealed, lastStep: null, createdAt: new Date() } });
}

/** Marks the account's app secret confirmed. */
export async function confirmTotpSecret(tx: Queryable, userId: string) {
  await tx.update(totpSecrets).set({ confirmedAt: new Date() }).where(eq(totpSecrets.userId, userId));
}

/** Forgets the account's app secret. */
export async function deleteTotpSecret(tx: Queryable, userId: string) {
  await tx.delete(totpSecrets).where(eq(totpSecrets.userId, userId));
}

/** Replaces the account's recovery codes with these hashes (none: the account has no codes). */
export async function replaceRecoveryCodes(tx: Queryable, userId: string, codeHashes: string[]) {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  if (!codeHashes.length) return;
  await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses an unused recovery code of the account once; false when there is no such code. */
export async function useRecoveryCode(db: Queryable, userId: string, codeHash: string) {
  const [used] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return !!used;
}

/** Records that this session proved a second factor at `at`. */
export async function recordStepUp(db: Queryable, sessionId: string, at: Date) {
  await db
    .insert(sessionStepUps)
    .values({ sessionId, verifiedAt: at })
    .onConflictDoUpdate({ target: sessionStepUps.sessionId, set: { verifiedAt: at } });
}

/** When this session last proved a second factor, if after `since`. */
export async function stepUpSince(db: Queryable, sessionId: string, since: Date) {
  const [fresh] = await db
    .select({ at: sessionStepUps.verifiedAt })
    .from(sessionStepUps)
    .where(and(eq(sessionStepUps.sessionId, sessionId), gt(sessionStepUps.verifiedAt, since)));
  return fresh?.at;
}

/** The account's passkeys, newest first. */
export const passkeysOf = (db: Queryable, userId: string) =>
  db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));

/** The credential ids (and transports) of the account's passkeys. */
export const passkeyCredentialsOf = (db: Queryable, userId: string) =>
  db.select({ credentialId: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));

/** The passkey with this credential id (of this account, when given). */
export async function passkeyByCredential(db: Queryable, credentialId: string, userId?: string) {
  const [key] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, credentialId), userId ? eq(passkeys.userId, userId) : undefined));
  return key;
}

/** Adds a passkey; undefined when its credential is already registered. */
export async function insertPasskey(tx: Queryable, values: typeof passkeys.$inferInsert) {
  const [row] = await tx.insert(passkeys).values(values).onConflictDoNothing().returning();
  return row;
}

/** Removes one of the account's passkeys and answers it (undefined when it has no such passkey). */
export async function deletePasskey(tx: Queryable, userId: string, passkeyId: string) {
  const [row] = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/** Keeps the passkey's new signature counter and when it was used. */
export async function recordPasskeyUse(db: Queryable, passkeyId: string, counter: number) {
  await db.update(passkeys).set({ counter, lastUsedAt: new Date() }).where(eq(passkeys.id, passkeyId));
}

/** Opens a passkey ceremony's challenge until `expiresAt`; answers its id. */
export async function openPasskeyChallenge(db: Queryable, purpose: PasskeyPurpose, challenge: string, expiresAt: Date, userId?: string) {
  const [row] = await db.insert(authChallenges).values({ purpose, challenge, userId, expiresAt }).returning({ id: authChallenges.id });
  return row!.id;
}

/** Takes an unused, unexpired passkey challenge once: answers it and whom it was issued to, or undefined. */
export async function takePasskeyChallenge(db: Queryable, id: string, purpose: PasskeyPurpose) {
  const [row] = await db
    .update(authChallenges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authChallenges.id, id),
        eq(authChallenges.purpose, purpose),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ challenge: authChallenges.challenge, userId: authChallenges.userId });
  return row;
}

/** What a pending sign-in carries to its second step: how the session will be opened. */
export type SignInDetail = { remember: boolean; method: string };

/** Opens a pending sign-in that a second factor completes within `seconds`; answers its opaque token. */
export async function openSignInChallenge(db: Queryable, userId: string, detail: SignInDetail, seconds: number) {
  const { token, tokenHash } = newOpaqueToken();
  await db.insert(authChallenges).values({
    purpose: 'second_factor',
    tokenHash,
    userId,
    detail,
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
  return token;
}

/** The pending sign-in this token stands for, while it is unused and unexpired. */
export async function pendingSignInChallenge(db: Queryable, token: string) {
  const [row] = await db
    .select({ id: authChallenges.id, userId: authChallenges.userId, detail: authChallenges.detail })
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.tokenHash, hashToken(token)),
        eq(authChallenges.purpose, 'second_factor'),
        isNull(authChallenges.usedAt),
        gt(authChallenges.expiresAt, new Date()),
      ),
    );
  return row;
}

/** Marks a pending sign-in used; false when another request took it first (it opens one session). */
export async function takeSignInChallenge(db: Queryable, id: string) {
  const taken = await db
    .update(authChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.usedAt)))
    .returning({ id: authChallenges.id });
  return taken.length > 0;
}

/** Deletes expired challenges (sign-ins and passkey ceremonies): their rows are refused when read anyway. */
export async function sweepExpiredChallenges(db: Queryable, now: Date) {
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, now));
}
