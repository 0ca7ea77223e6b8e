/** What other modules may use of the access module (decision 004): everything else is its own. */
export { accessTo, canViewOne, creatorsReaching, type Gated, subscriptionGivesAccess, visibleTo } from './policy';
