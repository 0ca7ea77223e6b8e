import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@limelight/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database, Queryable, Transaction } from '../db/client';
import { idempotencyKeys } from '../db/schema/platform/idempotency';
import { badRequest, unprocessable } from './errors';

const MAX_KEY_LENGTH = 255;

/**
 * The header a money route reads its intent from, declared in the route's schema so that the API
 * document and the client generated from it send it. Not checked here: `intentOf` refuses a bad
 * one with its own message. The other headers pass through untouched.
 */
export const idempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe('A key for this payment (1 to 255 characters): a retry with the same key answers the first answer and moves nothing again'),
});

/** One intent to move money: its key, and a hash of what was asked (the same key may not ask for more). */
export type Intent = { key: string; fingerprint: string };

/** The intent a request names with its `Idempotency-Key` header; none without the header. */
export function intentOf(request: FastifyRequest): Intent | undefined {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !key.trim() || key.length > MAX_KEY_LENGTH) {
    throw badRequest(`The ${IDEMPOTENCY_HEADER} header must be 1 to ${MAX_KEY_LENGTH} characters`, [
      { field: IDEMPOTENCY_HEADER, message: `must be 1 to ${MAX_KEY_LENGTH} characters` },
    ]);
  }
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  return { key, fingerprint };
}

/**
 * The CTE `prior` of a statement: the fingerprint and answer stored under a person's key, if any.
 * With `storeAnswerSql`, the one description of the key store, used by `idempotent` and by a
 * payment that is one statement (decision 017).
 */
export const priorAnswerSql = (userId: SQL, key: SQL) =>
  sql`prior as (select fingerprint, response from ${idempotencyKeys} where user_id = ${userId}::uuid and key = ${key}::text)`;

/** The CTE `answer` of a statement: stores the key with its answer (over the row of `from`, when given), when a key is given. */
export const storeAnswerSql = (stored: { userId: SQL; key: SQL; fingerprint: SQL; response: SQL }, from?: SQL) =>
  sql`answer as (
    insert into ${idempotencyKeys} (user_id, key, fingerprint, response)
    select ${stored.userId}::uuid, ${stored.key}::text, ${stored.fingerprint}::text, ${stored.response}${from ? sql` from ${from}` : sql``}
    where ${stored.key}::text is not null)`;

/**
 * Runs a money movement in one transaction, exactly once per intent: the answer is stored in
 * the same transaction as the movement, so a retry (or a duplicate racing the first) gets the
 * first answer back and moves nothing. The same key with another request is refused. Without
 * an intent the movement simply runs. `moved` runs after the commit, only when this call moved
 * the money: a replayed answer must not push a balance that has changed since.
 */
export async function idempotent<T>(
  db: Database,
  userId: string,
  intent: Intent | undefined,
  run: (tx: Transaction) => Promise<T>,
  moved?: (answer: T) => void,
): Promise<T> {
  const fresh = (answer: T) => {
    moved?.(answer);
    return answer;
  };
  if (!intent) return fresh(await db.transaction(run));
  const first = await storedAnswer<T>(db, userId, intent);
  if (first) return first.answer;
  try {
    return fresh(
      await db.transaction(async (tx) => {
        const answer = await run(tx);
        const stored = {
          userId: sql`${userId}`,
          key: sql`${intent.key}`,
          fingerprint: sql`${intent.fingerprint}`,
          response: sql`${JSON.stringify(answer)}::jsonb`,
        };
        await tx.execute(sql`with ${storeAnswerSql(stored)} select 1`);
        return answer;
      }),
    );
  } catch (error) {
    // A duplicate that raced the first one lost (on the key, or on what the first one wrote):
    // it answers what the first one answered.
    const winner = await storedAnswer<T>(db, userId, intent);
    if (winner) return winner.answer;
    throw error;
  }
}

/** The answer stored for this intent, if any; the same key with another request is refused. */
export async function storedAnswer<T>(db: Queryable, userId: string, intent: Intent) {
  const found = await db.execute(sql`with ${priorAnswerSql(sql`${userId}`, sql`${intent.key}`)} select fingerprint, response from prior`);
  return replayOf<T>(found.rows[0] as { fingerprint: string; response: unknown } | undefined, intent);
}

/**
 * What a stored key means for this intent: its first answer (a replay), a 422 when it was used
 * for another request, nothing when it is new. For statements that read the key themselves.
 */
export function replayOf<T>(row: { fingerprint: string; response: unknown } | undefined | null, intent: Intent) {
  if (!row) return undefined;
  if (row.fingerprint !== intent.fingerprint) {
    throw unprocessable(`This ${IDEMPOTENCY_HEADER} was already used for another request`, [
      { field: IDEMPOTENCY_HEADER, message: 'was already used for another request' },
    ]);
  }
  return { answer: row.response as T };
}
