import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { rowFromJson } from '../../../db/json-row';
import { pollOptions, polls, pollVotes } from '../../../db/schema/feeds';

export type PollRow = typeof polls.$inferSelect;
export type PollOptionRow = typeof pollOptions.$inferSelect;

/** Inserts a poll and returns its row, in the caller's transaction. */
export async function insertPoll(tx: Queryable, values: typeof polls.$inferInsert) {
  const [poll] = await tx.insert(polls).values(values).returning();
  return poll!;
}

/** Inserts a poll's options, in the order of `texts`. */
export const insertPollOptions = (tx: Queryable, pollId: string, texts: string[]) =>
  tx.insert(pollOptions).values(texts.map((text, position) => ({ pollId, text, position })));

/** The polls, their options in order and the voter's own votes among them: three queries in parallel. */
export const pollRowsOf = (db: Queryable, pollIds: string[], voterId: string | undefined) =>
  Promise.all([
    db.select().from(polls).where(inArray(polls.id, pollIds)),
    db.select().from(pollOptions).where(inArray(pollOptions.pollId, pollIds)).orderBy(asc(pollOptions.position)),
    voterId
      ? db
          .select()
          .from(pollVotes)
          .where(and(eq(pollVotes.userId, voterId), inArray(pollVotes.pollId, pollIds)))
      : Promise.resolve([]),
  ]);

/**
 * A post's poll, its options in order and `viewerId`'s vote as one JSON value (null without a
 * poll), for the statement that presents a page of posts; `pollRowsFromJson` reads it.
 */
export const pollJsonSql = (pollId: SQL, viewerId: SQL) => sql`(
  select json_build_object(
    'poll', to_json(${polls}),
    'options', coalesce((select json_agg(${pollOptions} order by ${pollOptions.position}) from ${pollOptions} where ${pollOptions.pollId} = ${polls.id}), '[]'),
    'voted', (select ${pollVotes.optionId} from ${pollVotes} where ${pollVotes.pollId} = ${polls.id} and ${pollVotes.userId} = ${viewerId}))
  from ${polls} where ${polls.id} = ${pollId})`;

export type PollJson = { poll: Record<string, unknown>; options: Array<Record<string, unknown>>; voted: string | null };

/** The poll's and its options' rows from the JSON of `pollJsonSql`, with the option voted. */
export const pollRowsFromJson = (json: PollJson) => ({
  poll: rowFromJson(polls, json.poll),
  options: json.options.map((option) => rowFromJson(pollOptions, option)),
  voted: json.voted,
});

/** The option of this poll, with when the poll ends; none when it is not one of its options. */
export async function pollOptionOf(tx: Queryable, pollId: string, optionId: string) {
  const [option] = await tx
    .select({ id: pollOptions.id, expiredAt: polls.expiredAt })
    .from(pollOptions)
    .innerJoin(polls, eq(polls.id, pollOptions.pollId))
    .where(and(eq(pollOptions.id, optionId), eq(pollOptions.pollId, pollId)));
  return option;
}

/** Records the voter's vote; none when they had already voted in this poll. */
export async function insertVote(tx: Queryable, pollId: string, optionId: string, voterId: string) {
  const [inserted] = await tx.insert(pollVotes).values({ pollId, optionId, userId: voterId }).onConflictDoNothing().returning();
  return inserted;
}

/** One more vote on the option's count. */
export const countVote = (tx: Queryable, optionId: string) =>
  tx
    .update(pollOptions)
    .set({ voteCount: sql`${pollOptions.voteCount} + 1` })
    .where(eq(pollOptions.id, optionId));
