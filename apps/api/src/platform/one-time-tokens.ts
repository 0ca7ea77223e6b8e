import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { oneTimeTokens } from '../db/schema';
import { hashToken, newOpaqueToken } from './tokens';

export type TokenPurpose = (typeof oneTimeTokens.$inferSelect)['purpose'];

const lifetimeSeconds: Record<TokenPurpose, number> = {
  verify_email: 7 * 24 * 60 * 60,
  reset_password: 60 * 60,
  login: 15 * 60,
};

export async function issueOneTimeToken(db: Queryable, userId: string, purpose: TokenPurpose): Promise<string> {
  const { token, tokenHash } = newOpaqueToken();
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash,
    expiresAt: new Date(Date.now() + lifetimeSeconds[purpose] * 1000),
  });
  return token;
}

/**
 * Marks the token used and returns its user id, in one statement so that two requests racing
 * with the same link cannot both succeed.
 */
export async function consumeOneTimeToken(db: Queryable, token: string, purpose: TokenPurpose): Promise<string | undefined> {
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
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}
