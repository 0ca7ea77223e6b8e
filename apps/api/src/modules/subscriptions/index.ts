/** What other modules may use of the subscriptions module (decision 004). */
export { activeSubscriptionCount, subscriptionsStartedByDay } from './figures';
