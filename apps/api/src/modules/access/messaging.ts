import type { MessagesFrom } from '@limelight/contracts';
import { ErrorCode } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { SessionUser } from '../../platform/auth';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { isAdmin } from './actions';
import { assertMayReach } from './creators';
import { followsCreator, subscribes } from './repo/fans';
import { BLOCKED_BY_OTHER, BLOCKED_BY_VIEWER, blocksBetween, conversationRecipient } from './repo/messaging';
import { inGoodStanding } from './standing';

/**
 * Who may message whom (decision 013). Conversations are between a fan and a creator. A fan
 * starts one with a creator they subscribe to, or one who takes messages from followers (and
 * they follow) or from everyone; a creator starts one with a fan who follows or subscribes to
 * them. Never across a block, either way: a blocked pair's conversation is deactivated and says why.
 */

/** Why the pair cannot message each other, as `viewer` is told, for a page of other members at once. */
export async function blockedPairs(db: Queryable, viewer: Pick<SessionUser, 'id'>, otherIds: string[]): Promise<Map<string, string>> {
  const reasons = new Map<string, string>();
  if (!otherIds.length) return reasons;
  const rows = await blocksBetween(db, viewer.id, otherIds);
  for (const row of rows) {
    const other = row.blockerId === viewer.id ? row.targetId : row.blockerId;
    // Being blocked says more than having blocked: it wins when both happened.
    if (row.blockerId !== viewer.id || !reasons.has(other)) {
      reasons.set(other, row.blockerId === viewer.id ? BLOCKED_BY_VIEWER : BLOCKED_BY_OTHER);
    }
  }
  return reasons;
}

/**
 * Whether either of the two blocked the other. What one member of a blocked pair does (typing,
 * reading, coming online) stops reaching the other: a block cuts the live signals too.
 */
export async function isBlockedPair(db: Queryable, oneId: string, otherId: string): Promise<boolean> {
  return (await blockedPairs(db, { id: oneId }, [otherId])).size > 0;
}

export const blockedRefusal = (reason: string) => new AppError(403, ErrorCode.blocked, `${reason}: messages are off`);

/** Refuses a message between the two when either blocked the other. */
export async function assertNotBlockedPair(db: Queryable, sender: Pick<SessionUser, 'id'>, otherId: string) {
  const reason = (await blockedPairs(db, sender, [otherId])).get(otherId);
  if (reason) throw blockedRefusal(reason);
}

/** Refuses, naming what is missing, when `sender` may not start a conversation with `recipientId`. */
export async function assertMayStartConversation(db: Queryable, sender: SessionUser, recipientId: string) {
  if (recipientId === sender.id) throw forbidden('You cannot message yourself');
  const recipient = await conversationRecipient(db, recipientId);
  if (recipient?.status !== 'active' || recipient.role === 'admin') throw notFound('Account');
  // A suspended or banned account is out of reach (decision 045), except to an admin.
  if (!inGoodStanding(recipient) && !isAdmin(sender)) throw notFound('Account');
  if (sender.role === 'user' && recipient.role === 'performer') {
    if (!recipient.listed) throw notFound('Creator');
    await assertMayReach(db, sender, recipient.id);
    await assertNotBlockedPair(db, sender, recipient.id);
    const from = (recipient.messagesFrom ?? 'subscribers') as MessagesFrom;
    if (from === 'everyone' || (await subscribes(db, sender.id, recipient.id))) return;
    if (from === 'followers' && (await followsCreator(db, sender.id, recipient.id))) return;
    throw forbidden(
      from === 'followers' ? 'Follow or subscribe to this creator to message them' : 'Subscribe to this creator to message them',
    );
  }
  if (sender.role === 'performer' && recipient.role === 'user') {
    await assertNotBlockedPair(db, sender, recipient.id);
    if ((await subscribes(db, recipient.id, sender.id)) || (await followsCreator(db, recipient.id, sender.id))) return;
    throw forbidden('You can message fans who follow or subscribe to you');
  }
  throw forbidden('Messages go between fans and creators');
}
