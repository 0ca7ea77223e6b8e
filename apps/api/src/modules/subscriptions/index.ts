/** What other modules may use of the subscriptions module (decision 004): everything else is its own. */

export { subscriptionSellable } from './periods';
export {
  activeSubscriptionCount,
  adminSubscriptionRows,
  stopRenewalBetween,
  stopRenewalsOf,
  subscriptionsStartedByDay,
} from './repo';
