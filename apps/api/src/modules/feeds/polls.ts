import type { CreatePollInput, Poll } from '@limelight/contracts';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { rowFromJson } from '../../db/json-row';
import { pollOptions, polls, pollVotes } from '../../db/schema/feeds';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, conflict } from '../../platform/errors';

type PollRow = typeof polls.$inferSelect;
type PollOptionRow = typeof pollOptions.$inferSelect;

export async function createPoll(deps: Deps, performer: SessionUser, input: Required<CreatePollInput>) {
  const pollId = await deps.db.transaction(async (tx) => {
    const [poll] = await tx
      .insert(polls)
      .values({ performerId: performer.id, description: input.description, expiredAt: new Date(input.expiredAt) })
      .returning();
    await tx.insert(pollOptions).values(input.options.map((text, position) => ({ pollId: poll!.id, text, position })));
    return poll!.id;
  });
  return (await pollsFor(deps.db, [pollId], performer)).get(pollId)!;
}

/** Polls with their options, counts and the viewer's own vote: three queries for a page. */
export async function pollsFor(db: Queryable, pollIds: string[], viewer?: SessionUser): Promise<Map<string, Poll>> {
  const result = new Map<string, Poll>();
  if (!pollIds.length) return result;
  const [pollRows, optionRows, votes] = await Promise.all([
    db.select().from(polls).where(inArray(polls.id, pollIds)),
    db.select().from(pollOptions).where(inArray(pollOptions.pollId, pollIds)).orderBy(asc(pollOptions.position)),
    viewer
      ? db
          .select()
          .from(pollVotes)
          .where(and(eq(pollVotes.userId, viewer.id), inArray(pollVotes.pollId, pollIds)))
      : Promise.resolve([]),
  ]);
  for (const poll of pollRows) {
    const options = optionRows.filter((option) => option.pollId === poll.id);
    result.set(poll.id, toPoll(poll, options, votes.find((vote) => vote.pollId === poll.id)?.optionId ?? null));
  }
  return result;
}

function toPoll(poll: PollRow, options: PollOptionRow[], votedOptionId: string | null): Poll {
  return {
    _id: poll.id,
    description: poll.description,
    expiredAt: poll.expiredAt.toISOString(),
    isExpired: poll.expiredAt.getTime() <= Date.now(),
    options: options.map((option) => ({ _id: option.id, text: option.text, voteCount: option.voteCount })),
    totalVotes: options.reduce((sum, option) => sum + option.voteCount, 0),
    votedOptionId,
  };
}

/**
 * A post's poll, its options in order and `viewerId`'s vote as one JSON value (null without a
 * poll), for the statement that presents a page of posts; `pollFromJson` reads it.
 */
export const pollJsonSql = (pollId: SQL, viewerId: SQL) => sql`(
  select json_build_object(
    'poll', to_json(${polls}),
    'options', coalesce((select json_agg(${pollOptions} order by ${pollOptions.position}) from ${pollOptions} where ${pollOptions.pollId} = ${polls.id}), '[]'),
    'voted', (select ${pollVotes.optionId} from ${pollVotes} where ${pollVotes.pollId} = ${polls.id} and ${pollVotes.userId} = ${viewerId}))
  from ${polls} where ${polls.id} = ${pollId})`;

export type PollJson = { poll: Record<string, unknown>; options: Array<Record<string, unknown>>; voted: string | null };

export const pollFromJson = (json: PollJson) =>
  toPoll(
    rowFromJson(polls, json.poll),
    json.options.map((option) => rowFromJson(pollOptions, option)),
    json.voted,
  );

/** One vote per user per poll, before it ends; the count rises in the same transaction. */
export async function vote(db: Queryable, pollId: string, optionId: string, voter: SessionUser) {
  await db.transaction(async (tx) => {
    const [option] = await tx
      .select({ id: pollOptions.id, expiredAt: polls.expiredAt })
      .from(pollOptions)
      .innerJoin(polls, eq(polls.id, pollOptions.pollId))
      .where(and(eq(pollOptions.id, optionId), eq(pollOptions.pollId, pollId)));
    if (!option)
      throw badRequest('optionId is not an option of this poll', [{ field: 'optionId', message: 'is not an option of this poll' }]);
    if (option.expiredAt.getTime() <= Date.now()) throw conflict('This poll has ended');
    const [inserted] = await tx.insert(pollVotes).values({ pollId, optionId, userId: voter.id }).onConflictDoNothing().returning();
    if (!inserted) throw conflict('You have already voted in this poll');
    await tx
      .update(pollOptions)
      .set({ voteCount: sql`${pollOptions.voteCount} + 1` })
      .where(eq(pollOptions.id, optionId));
  });
}
