import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { authChallenges } from '../../db/schema/two-factor';
import { hashToken, newOpaqueToken } from '../../platform/tokens';

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
