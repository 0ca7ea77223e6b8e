import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { userBlocks } from '../../../db/read/blocks';
import { performerProfiles, users } from '../../../db/read/users';
import { listedNow, standingIs } from './standing';

/** What a viewer who blocked the other account is told. */
export const BLOCKED_BY_VIEWER = 'You blocked this account';
/** What a viewer the other account blocked is told. */
export const BLOCKED_BY_OTHER = 'This account has blocked you';
/** The other account is suspended or banned (decision 045). */
const OUT_OF_REACH = 'This account is not available';

/** The blocks between the viewer and any of these accounts, either way. */
export const blocksBetween = (db: Queryable, viewerId: string, otherIds: string[]) =>
  db
    .select({ blockerId: userBlocks.blockerId, targetId: userBlocks.targetId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, viewerId), inArray(userBlocks.targetId, otherIds)),
        and(eq(userBlocks.targetId, viewerId), inArray(userBlocks.blockerId, otherIds)),
      ),
    );

/**
 * The rule of `blockedPairs` as one SQL expression (the reason `viewerId` is told, or null), for
 * a write that checks it in its own statement: a message send. Being blocked sorts first (false
 * before true): it wins when both happened, as in `blockedPairs`.
 */
export const blockReasonSql = (viewerId: SQL, otherId: SQL) => sql<string | null>`coalesce((
  select case when ${userBlocks.blockerId} = ${viewerId} then ${BLOCKED_BY_VIEWER}::text else ${BLOCKED_BY_OTHER}::text end
  from ${userBlocks}
  where (${userBlocks.blockerId} = ${viewerId} and ${userBlocks.targetId} = ${otherId})
     or (${userBlocks.targetId} = ${viewerId} and ${userBlocks.blockerId} = ${otherId})
  order by ${userBlocks.blockerId} = ${viewerId}
  limit 1), (select ${OUT_OF_REACH}::text from ${users} where ${users.id} = ${otherId} and ${standingIs('suspended')}
    union all select ${OUT_OF_REACH}::text from ${users} where ${users.id} = ${otherId} and ${standingIs('banned')} limit 1))`;

/** What a new conversation's rule reads of its recipient: role, status, standing, listing and who they take messages from. */
export async function conversationRecipient(db: Queryable, recipientId: string) {
  const [recipient] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      listed: listedNow(),
      standing: users.standing,
      standingUntil: users.standingUntil,
      standingReason: users.standingReason,
      messagesFrom: performerProfiles.messagesFrom,
    })
    .from(users)
    .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(eq(users.id, recipientId));
  return recipient;
}
