import type { CreatePollInput, Poll } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, conflict } from '../../platform/errors';
import {
  countVote,
  insertPoll,
  insertPollOptions,
  insertVote,
  type PollJson,
  type PollOptionRow,
  type PollRow,
  pollOptionOf,
  pollRowsFromJson,
  pollRowsOf,
} from './repo/polls';

export async function createPoll(deps: Deps, performer: SessionUser, input: Required<CreatePollInput>) {
  const pollId = await deps.db.transaction(async (tx) => {
    const poll = await insertPoll(tx, { performerId: performer.id, description: input.description, expiredAt: new Date(input.expiredAt) });
    await insertPollOptions(tx, poll.id, input.options);
    return poll.id;
  });
  return (await pollsFor(deps.db, [pollId], performer)).get(pollId)!;
}

/** Polls with their options, counts and the viewer's own vote: three queries for a page. */
export async function pollsFor(db: Queryable, pollIds: string[], viewer?: SessionUser): Promise<Map<string, Poll>> {
  const result = new Map<string, Poll>();
  if (!pollIds.length) return result;
  const [pollRows, optionRows, votes] = await pollRowsOf(db, pollIds, viewer?.id);
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

/** A post's poll as its JSON from the statement that presents a page of posts (`pollJsonSql`) says. */
export const pollFromJson = (json: PollJson) => {
  const { poll, options, voted } = pollRowsFromJson(json);
  return toPoll(poll, options, voted);
};

/** One vote per user per poll, before it ends; the count rises in the same transaction. */
export async function vote(db: Queryable, pollId: string, optionId: string, voter: SessionUser) {
  await db.transaction(async (tx) => {
    const option = await pollOptionOf(tx, pollId, optionId);
    if (!option)
      throw badRequest('optionId is not an option of this poll', [{ field: 'optionId', message: 'is not an option of this poll' }]);
    if (option.expiredAt.getTime() <= Date.now()) throw conflict('This poll has ended');
    const inserted = await insertVote(tx, pollId, optionId, voter.id);
    if (!inserted) throw conflict('You have already voted in this poll');
    await countVote(tx, optionId);
  });
}
