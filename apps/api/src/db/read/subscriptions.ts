/** What other modules may read of the subscriptions module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */
export { subscriptionPeriods, subscriptions } from '../schema/subscriptions';
