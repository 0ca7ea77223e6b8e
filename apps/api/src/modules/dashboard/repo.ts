import type { CreatorDashboard } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { feeds } from '../../db/read/feeds';
import { follows } from '../../db/read/follows';
import { earnings } from '../../db/read/money';
import { payoutRequests } from '../../db/read/payouts';
import { orders } from '../../db/read/shop';
import { streamSessions } from '../../db/read/streaming';
import { subscriptions } from '../../db/read/subscriptions';
import { performerProfiles } from '../../db/read/users';

/** How many of the creator's recent posts the dashboard ranks. */
const TOP_POSTS = 5;
const EXCERPT_LENGTH = 120;
const performerId = sql`${sql.placeholder('performerId')}::uuid`;

export type DashboardRow = {
  earned_today: number;
  earned_month: number;
  followers_today: number;
  followers_recent: number;
  followers_total: number;
  subscribers_today: number;
  subscribers_recent: number;
  subscribers_total: number;
  top_posts: Array<{
    id: string;
    type: CreatorDashboard['topPosts'][number]['type'];
    text: string;
    like_count: number;
    comment_count: number;
    published_at: string;
  }>;
  payouts_count: number;
  payouts_cents: number;
  orders_count: number;
  live_session_id: string | null;
};

/**
 * Every figure of the dashboard in one prepared statement, each read from its table's index on
 * the creator and a time range: earnings of this month and follows of the last 30 days by
 * (performer, created_at), subscriptions by (performer, expired_at), posts by (performer,
 * published_at); the follower total is the profile's counter (kept by the follows module), the
 * live session comes by its partial unique index. Days and months are UTC, as on the earnings
 * screen (decision 028).
 */
export const dashboardStatement = preparedStatement<DashboardRow>(
  'creator_dashboard',
  sql`
    with bounds as (
      select (date_trunc('day', now() at time zone 'UTC') at time zone 'UTC') as today,
        (date_trunc('month', now() at time zone 'UTC') at time zone 'UTC') as month,
        now() - interval '30 days' as recent
    )
    select e.*, f.*, s.*, p.*, o.*,
      (select coalesce(json_agg(t), '[]') from (
        select ${feeds.id} as id, ${feeds.type} as type, left(${feeds.text}, ${EXCERPT_LENGTH}) as text,
          ${feeds.likeCount} as like_count, ${feeds.commentCount} as comment_count, ${feeds.publishedAt} as published_at
        from ${feeds}
        where ${feeds.performerId} = ${performerId} and ${feeds.publishedAt} >= b.recent and ${feeds.publishedAt} <= now()
          and ${feeds.status} = 'active'
        order by ${feeds.likeCount} + ${feeds.commentCount} desc, ${feeds.publishedAt} desc
        limit ${TOP_POSTS}
      ) t) as top_posts,
      (select ${streamSessions.id} from ${streamSessions}
        where ${streamSessions.performerId} = ${performerId} and ${streamSessions.status} = 'live') as live_session_id
    from bounds b,
      lateral (
        select coalesce(sum(${earnings.netCents}) filter (where ${earnings.createdAt} >= b.today), 0)::float8 as earned_today,
          coalesce(sum(${earnings.netCents}), 0)::float8 as earned_month
        from ${earnings} where ${earnings.performerId} = ${performerId} and ${earnings.createdAt} >= b.month
      ) e,
      lateral (
        select count(*) filter (where ${follows.createdAt} >= b.today)::int as followers_today,
          count(*)::int as followers_recent,
          coalesce((select ${performerProfiles.followersCount} from ${performerProfiles} where ${performerProfiles.userId} = ${performerId}), 0)
            as followers_total
        from ${follows} where ${follows.performerId} = ${performerId} and ${follows.createdAt} >= b.recent
      ) f,
      lateral (
        select count(*) filter (where ${subscriptions.startedAt} >= b.today)::int as subscribers_today,
          count(*) filter (where ${subscriptions.startedAt} >= b.recent)::int as subscribers_recent,
          count(*) filter (where ${subscriptions.status} in ('active', 'cancelled') and ${subscriptions.expiredAt} > now())::int
            as subscribers_total
        from ${subscriptions}
        -- A subscription started in the window ends after its start, so only those ending after the
        -- window's start are read: the index's range, not every subscription the creator ever had.
        where ${subscriptions.performerId} = ${performerId} and ${subscriptions.expiredAt} > b.recent
      ) s,
      lateral (
        select count(*)::int as payouts_count, coalesce(sum(${payoutRequests.amountCents}), 0)::float8 as payouts_cents
        from ${payoutRequests}
        where ${payoutRequests.performerId} = ${performerId} and ${payoutRequests.status} in ('pending', 'approved')
      ) p,
      lateral (
        select count(*)::int as orders_count from ${orders}
        where ${orders.performerId} = ${performerId} and ${orders.deliveryStatus} = 'processing'
      ) o`,
);

/** The creator's dashboard row: every figure, read in one round trip (`dashboardStatement`). */
export async function dashboardOf(db: Queryable, creatorId: string) {
  const [row] = await dashboardStatement(db, { performerId: creatorId });
  return row!;
}
