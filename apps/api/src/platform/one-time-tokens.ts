import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { oneTimeTokens } from '../db/schema/platform/sessions';
import { hashToken, newOpaqueToken } from './tokens';

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];
type TokenDetail = (typeof oneTimeTokens.$inferSelect)['detail'];

const lifetimeSeconds: Record<TokenPurpose, number> = {
  verify_email: 7 * 24 * 60 * 60,
  reset_password: 60 * 60,
  login: 15 * 60,
  /** An admin's log-in-as: opened at once in a new tab. */
  impersonate: 5 * 60,
  change_email: 24 * 60 * 60,
  undo_email_change: 14 * 24 * 60 * 60,
};

export async function issueOneTimeToken(db: Queryable, userId: string, purpose: TokenPurpose, detail?: TokenDetail): Promise<string> {
  const { token, tokenHash } = newOpaqueToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash,
    detail,
    expiresAt: new Date(Date.now() + lifetimeSeconds[purpose] * 1000),
  });
  return token;
}

/**
 * Marks the token used and returns its user id (and what it carries), in one statement so that two
 * requests racing with the same link cannot both succeed.
 */
export async function consumeOneTimeToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
): Promise<{ userId: string; detail: TokenDetail } | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, detail: oneTimeTokens.detail });
  return row;
}

/** The links of this purpose still waiting on a user, newest first (a pending e-mail change). */
export async function pendingOneTimeTokens(db: Queryable, userId: string, purpose: TokenPurpose) {
  return db
    .select({ id: oneTimeTokens.id, detail: oneTimeTokens.detail, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(oneTimeTokens.createdAt));
}

/** Withdraws every unused link of this purpose (a newer one replaces them, or the change was cancelled). */
export async function withdrawOneTimeTokens(db: Queryable, userId: string, purpose: TokenPurpose) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

/** Deletes expired links: they are refused when read anyway, so only the table's size depends on this. */
export async function sweepExpiredTokens(db: Queryable, now: Date) {
  await db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, now));
}
