import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { userBlocks } from '../../../db/read/blocks';
import { follows } from '../../../db/read/follows';
import { subscriptions } from '../../../db/read/subscriptions';
import { users } from '../../../db/read/users';
import type { SessionUser } from '../../../platform/auth';
import { notHiddenSql } from './refusals';
import { boundViewer, type ViewerSql } from './viewer';

/** A subscription that still opens the creator's content: active or cancelled, until it expires. */
export const subscriptionGivesAccess = () =>
  and(inArray(subscriptions.status, ['active', 'cancelled']), gt(subscriptions.expiredAt, sql`now()`));

/**
 * The creators whose posts and stories reach this fan (column `id`): followed or subscribed to,
 * and not hidden from them by a block.
 */
export const creatorsReachingSql = (viewer: ViewerSql) => sql`(
  select reaching.id from (
    select ${follows.performerId} as id from ${follows} where ${follows.followerId} = ${viewer.id}
    union
    select ${subscriptions.performerId} from ${subscriptions} where ${subscriptions.userId} = ${viewer.id} and ${subscriptionGivesAccess()}
  ) reaching where ${notHiddenSql(viewer, sql`reaching.id`)}
)`;
export const creatorsReaching = (viewer: SessionUser) => creatorsReachingSql(boundViewer(viewer));

/** Whom a creator reaches at once: their subscribers, their followers, or both. */
export type FanAudience = 'subscribers' | 'followers' | 'all';

/**
 * Which accounts (a condition on `users`) a creator's news reaches: active fans in `audience`,
 * none in a block with the creator either way. Mass messages and fans' notifications both ask here.
 */
export function fansOf(performerId: string, audience: FanAudience) {
  const subscribers = sql`select ${subscriptions.userId} from ${subscriptions} where ${subscriptions.performerId} = ${performerId} and ${subscriptionGivesAccess()}`;
  const followers = sql`select ${follows.followerId} from ${follows} where ${follows.performerId} = ${performerId}`;
  const chosen = audience === 'subscribers' ? subscribers : audience === 'followers' ? followers : sql`${subscribers} union ${followers}`;
  const blocked = sql`select ${userBlocks.targetId} from ${userBlocks} where ${userBlocks.blockerId} = ${performerId}
    union select ${userBlocks.blockerId} from ${userBlocks} where ${userBlocks.targetId} = ${performerId}`;
  return and(sql`${users.id} in (${chosen})`, sql`${users.id} not in (${blocked})`, eq(users.status, 'active'), eq(users.role, 'user'));
}

/** Which of these creators the fan holds a subscription to that still opens their content (column `performerId`). */
export const subscribedAmong = (db: Queryable, fanId: string, performerIds: string[]) =>
  db
    .select({ performerId: subscriptions.performerId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, fanId), inArray(subscriptions.performerId, performerIds), subscriptionGivesAccess()));

/** Whether the fan holds a subscription to this creator that still opens their content. */
export async function subscribes(db: Queryable, fanId: string, performerId: string) {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, fanId), eq(subscriptions.performerId, performerId), subscriptionGivesAccess()));
  return rows.length > 0;
}

/** Whether the fan follows this creator. */
export async function followsCreator(db: Queryable, fanId: string, performerId: string) {
  const rows = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.followerId, fanId), eq(follows.performerId, performerId)));
  return rows.length > 0;
}
