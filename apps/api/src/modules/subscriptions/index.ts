/** What other modules may use of the subscriptions module (decision 004): everything else is its own. */

export { adminSubscriptionRows } from './admin-rows';
export { activeSubscriptionCount, subscriptionsStartedByDay } from './figures';
export { subscriptionSellable } from './periods';
export { stopRenewalBetween, stopRenewalsOf } from './service';
