import { and, eq, sql } from 'drizzle-orm';
import { userBlocks } from '../../db/read/blocks';
import { follows } from '../../db/read/follows';
import { subscriptions } from '../../db/read/subscriptions';
import { users } from '../../db/read/users';
import { subscriptionGivesAccess } from './policy';

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
