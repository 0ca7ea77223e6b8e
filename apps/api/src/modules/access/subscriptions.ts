import type { Queryable } from '../../db/client';
import type { subscriptions } from '../../db/read/subscriptions';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { assertMayBePaid } from './payees';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Who may turn a subscription's renewal off or on: its own fan, naming the gateway it is paid
 * with. To anyone else it does not exist, so an id tells a stranger nothing.
 */
export function assertMayManageRenewal(fan: SessionUser, row: SubscriptionRow | undefined, gateway: string): SubscriptionRow {
  if (!row || row.userId !== fan.id) throw notFound('Subscription');
  if (row.gateway !== gateway) {
    throw badRequest(`This subscription is paid with ${row.gateway}`, [{ field: 'gateway', message: `must be ${row.gateway}` }]);
  }
  return row;
}

/** Turning renewal back on promises the creator future payments: only one the fan may still pay (not blocked, still listed). */
export async function assertMayResumeRenewal(db: Queryable, fan: SessionUser, row: SubscriptionRow | undefined, gateway: string) {
  const own = assertMayManageRenewal(fan, row, gateway);
  await assertMayBePaid(db, fan, own.performerId);
  return own;
}
