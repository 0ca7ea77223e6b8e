import { type CreatorDashboard, fromCents } from '@limelight/contracts';
import type { Deps } from '../../deps';
import { type DashboardRow, dashboardOf } from './repo';

/** The benchmark's floor runs the API's very statement. */

/**
 * `GET /performer/dashboard`: the signed-in creator's overview. The subscriber arrivals count
 * subscriptions started (or started again after lapsing) in the window: renewals are not new.
 */
export async function creatorDashboard(deps: Pick<Deps, 'db' | 'settings'>, creatorId: string): Promise<CreatorDashboard> {
  return presentDashboard(await dashboardOf(deps.db, creatorId), deps.settings.get('enableProduct'));
}

/** The statement's row as the API answers it (the benchmark's floor writes the same). */
export function presentDashboard(row: DashboardRow, shopOpen: boolean): CreatorDashboard {
  return {
    earnings: { today: fromCents(row.earned_today), thisMonth: fromCents(row.earned_month) },
    subscribers: { today: row.subscribers_today, last30Days: row.subscribers_recent, total: row.subscribers_total },
    followers: { today: row.followers_today, last30Days: row.followers_recent, total: row.followers_total },
    topPosts: row.top_posts.map((post) => ({
      _id: post.id,
      type: post.type,
      text: post.text,
      likeCount: post.like_count,
      commentCount: post.comment_count,
      publishedAt: new Date(post.published_at).toISOString(),
    })),
    pendingPayouts: { count: row.payouts_count, amount: fromCents(row.payouts_cents) },
    pendingOrders: shopOpen ? { count: row.orders_count } : null,
    liveSessionId: row.live_session_id,
  };
}
