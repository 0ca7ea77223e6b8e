import type { BlockedUser, BlockUserInput } from '@limelight/contracts';
import { and, eq } from 'drizzle-orm';
import { countryBlocks, subscriptions, userBlocks, users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { isCountryCode } from '../lookups';
import { leaveCreatorRooms } from '../streaming';
import { toPublicUser } from '../users';
import { blockedPage, countriesBlockedBy, findBlock } from './repo';

const refuseTarget = (message: string) => badRequest(`targetId: ${message}`, [{ field: 'targetId', message }]);

/**
 * Blocks an account (decision 011). A creator may block any fan or creator; a fan may block
 * creators (hiding them, and later their messages). Admins are never blocked. Blocking again
 * only updates the reason. A creator's block ends the fan's renewals without a refund: the
 * period paid for stays theirs if the creator unblocks before it ends.
 */
export async function blockUser(deps: Deps, blocker: SessionUser, input: BlockUserInput): Promise<BlockedUser> {
  if (input.targetId === blocker.id) throw refuseTarget('you cannot block yourself');
  const [target] = await deps.db.select().from(users).where(eq(users.id, input.targetId));
  if (!target) throw refuseTarget('must name an existing account');
  if (target.role === 'admin') throw refuseTarget('an admin cannot be blocked');
  if (blocker.role === 'user' && target.role !== 'performer') throw refuseTarget('fans may block creators only');
  const block = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userBlocks)
      .values({ blockerId: blocker.id, targetId: target.id, reason: input.reason || null })
      .onConflictDoUpdate({ target: [userBlocks.blockerId, userBlocks.targetId], set: { reason: input.reason || null } })
      .returning();
    if (blocker.role === 'performer') {
      await tx
        .update(subscriptions)
        .set({ status: 'cancelled', nextRenewalAt: null })
        .where(and(eq(subscriptions.userId, target.id), eq(subscriptions.performerId, blocker.id), eq(subscriptions.status, 'active')));
    }
    return row!;
  });
  if (blocker.role === 'performer') {
    await leaveCreatorRooms(deps, blocker.id, target.id).catch((error: unknown) =>
      deps.log.error({ err: error }, 'a blocked viewer could not be taken out of the live room'),
    );
  }
  return present(block, target);
}

export async function unblockUser(deps: Deps, blocker: SessionUser, targetId: string) {
  const [removed] = await deps.db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blocker.id), eq(userBlocks.targetId, targetId)))
    .returning();
  if (!removed) throw notFound('Block');
}

export async function blockedUsers(deps: Deps, blocker: SessionUser, page: { offset: number; limit: number; q?: string }) {
  const { rows, total } = await blockedPage(deps.db, blocker.id, page);
  return { data: rows.map((row) => present(row.block, row.target)), total };
}

export async function blockStatus(deps: Deps, blocker: SessionUser, targetId: string) {
  return { blocked: !!(await findBlock(deps.db, blocker.id, targetId)) };
}

export async function blockedCountries(deps: Deps, performer: SessionUser) {
  return { countryCodes: await countriesBlockedBy(deps.db, performer.id) };
}

/** Replaces the creator's whole list of blocked countries; every code must be a known country. */
export async function setBlockedCountries(deps: Deps, performer: SessionUser, countryCodes: string[]) {
  const unknown = countryCodes.flatMap((code, index) => (isCountryCode(code) ? [] : [{ code, index }]));
  if (unknown.length) {
    throw badRequest(`countryCodes: ${unknown.map((item) => item.code).join(', ')} is not a known country`, [
      ...unknown.map((item) => ({ field: `countryCodes.${item.index}`, message: `${item.code} is not a known country` })),
    ]);
  }
  const codes = [...new Set(countryCodes)];
  await deps.db.transaction(async (tx) => {
    await tx.delete(countryBlocks).where(eq(countryBlocks.performerId, performer.id));
    if (codes.length) await tx.insert(countryBlocks).values(codes.map((countryCode) => ({ performerId: performer.id, countryCode })));
  });
  return blockedCountries(deps, performer);
}

function present(block: typeof userBlocks.$inferSelect, target: typeof users.$inferSelect): BlockedUser {
  return { _id: block.id, target: toPublicUser(target), reason: block.reason, createdAt: block.createdAt.toISOString() };
}
