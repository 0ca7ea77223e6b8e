import type { Deps } from '../../deps';
import { registerFanOut } from './fans';
import { registerPushAndDigest } from './service';

/** What other modules may use of the notifications module (decision 004): everything else is its own. */
export { type FanNews, notifyRefund, type RefundNotice, tellFans } from './fans';
export { type NotificationEvent, notifyInStatement } from './repo';
export { notify, notifyMany } from './service';

/** The notification centre's jobs: pushes to the bell, fans' fan-outs, the e-mail digest. */
export function registerNotificationDelivery(deps: Deps) {
  registerPushAndDigest(deps);
  registerFanOut(deps);
}
