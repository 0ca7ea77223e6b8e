import type { BlockedUser, BlockUserInput } from '@limelight/contracts';
import type { users } from '../../db/read/users';
import type { userBlocks } from '../../db/schema/blocks';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { isAdmin, isCreator, isSelf, may } from '../access';
import { endFollowsBetween } from '../follows';
import { isCountryCode } from '../lookups';
import { leaveCreatorRooms } from '../streaming';
import { stopRenewalBetween } from '../subscriptions';
import { findById, toPublicUser } from '../users';
import {
  blockedPage,
  countriesBlockedBy,
  deleteBlock,
  findBlock,
  replaceCreatorCountryBlocks,
  replaceFanCountryBlocks,
  upsertBlock,
} from './repo';

const refuseTarget = (message: string) => badRequest(`targetId: ${message}`, [{ field: 'targetId', message }]);

/**
 * Blocks an account (decision 011). A creator may block any fan or creator; a fan may block
 * creators (hiding them, and later their messages). Admins are never blocked. Blocking again
 * only updates the reason, and ends following both ways. A creator's block ends the fan's renewals without a refund: the
 * period paid for stays theirs if the creator unblocks before it ends.
 */
export async function blockUser(deps: Deps, blocker: SessionUser, input: BlockUserInput): Promise<BlockedUser> {
  if (isSelf(blocker, input.targetId)) throw refuseTarget('you cannot block yourself');
  const target = await findById(deps.db, input.targetId);
  if (!target) throw refuseTarget('must name an existing account');
  if (!may(blocker, 'account.block', target)) {
    throw refuseTarget(isAdmin(target) ? 'an admin cannot be blocked' : 'fans may block creators only');
  }
  const block = await deps.db.transaction(async (tx) => {
    const row = await upsertBlock(tx, blocker.id, target.id, input.reason || null);
    await endFollowsBetween(tx, blocker.id, target.id);
    if (isCreator(blocker)) {
      await stopRenewalBetween(tx, target.id, blocker.id);
    }
    return row;
  });
  if (isCreator(blocker)) {
    await leaveCreatorRooms(deps, blocker.id, target.id).catch((error: unknown) =>
      deps.log.error({ err: error }, 'a blocked viewer could not be taken out of the live room'),
    );
  }
  return present(block, target);
}

export async function unblockUser(deps: Deps, blocker: SessionUser, targetId: string) {
  const removed = await deleteBlock(deps.db, blocker.id, targetId);
  if (!removed) throw notFound('Block');
}

export async function blockedUsers(deps: Deps, blocker: SessionUser, page: { offset: number; limit: number; q?: string }) {
  const { rows, total } = await blockedPage(deps.db, blocker.id, page);
  return { data: rows.map((row) => present(row.block, row.target)), total };
}

export async function blockStatus(deps: Deps, blocker: SessionUser, targetId: string) {
  return { blocked: !!(await findBlock(deps.db, blocker.id, targetId)) };
}

export async function blockedCountries(deps: Deps, blocker: SessionUser) {
  return { countryCodes: await countriesBlockedBy(deps.db, blocker) };
}

/**
 * Replaces the caller's whole list of blocked countries; every code must be a known country.
 * A creator's list refuses visitors from those countries; a fan's hides creators from them
 * (decision 038).
 */
export async function setBlockedCountries(deps: Deps, blocker: SessionUser, countryCodes: string[]) {
  const unknown = countryCodes.flatMap((code, index) => (isCountryCode(code) ? [] : [{ code, index }]));
  if (unknown.length) {
    throw badRequest(`countryCodes: ${unknown.map((item) => item.code).join(', ')} is not a known country`, [
      ...unknown.map((item) => ({ field: `countryCodes.${item.index}`, message: `${item.code} is not a known country` })),
    ]);
  }
  const codes = [...new Set(countryCodes)];
  await deps.db.transaction(async (tx) => {
    if (isCreator(blocker)) await replaceCreatorCountryBlocks(tx, blocker.id, codes);
    else await replaceFanCountryBlocks(tx, blocker.id, codes);
  });
  return blockedCountries(deps, blocker);
}

function present(block: typeof userBlocks.$inferSelect, target: typeof users.$inferSelect): BlockedUser {
  return { _id: block.id, target: toPublicUser(target), reason: block.reason, createdAt: block.createdAt.toISOString() };
}
