/** What other modules may use of the access module (decision 004): everything else is its own. */
export { mayDeleteComment } from './comments';
export { assertMayReach, isPrivileged, notHiddenFrom, refusals, visibleCreator } from './creators';
export { assertMayStartConversation, assertNotBlockedPair, blockedPairs, blockedRefusal, blockReasonSql } from './messaging';
export { assertMayBePaid, assertMayRequestPayout } from './payees';
export { type Access, accessFrom, accessTo, canViewOne, creatorsReaching, type Gated, subscriptionGivesAccess, visibleTo } from './policy';
