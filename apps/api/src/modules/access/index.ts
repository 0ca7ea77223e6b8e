/** What other modules may use of the access module (decision 004): everything else is its own. */

export { type Action, assertMay, isAdmin, isCreator, isFan, isSelf, may, mayEach, type Viewer } from './actions';
export { type FanAudience, fansOf } from './audiences';
export { assertMayAnswerComment, mayDeleteComment } from './comments';
export {
  assertMayReach,
  isPrivileged,
  notHiddenFrom,
  type Refusal,
  refusalSql,
  refusals,
  refused,
  type ViewerSql,
  viewerParams,
  viewerPlaceholders,
  visibleCreator,
  visibleCreatorWith,
} from './creators';
export { requireAdmin, requireBlockList, requireFan, requireMay, requireOrdersManager, requirePerformer } from './guards';
export { passesMaintenance } from './maintenance';
export { assertMayStartConversation, assertNotBlockedPair, blockedPairs, blockedRefusal, blockReasonSql, isBlockedPair } from './messaging';
export {
  assertBuyersKeep,
  assertNotHeldFrom,
  assertOwnerMayChange,
  fileServable,
  type Hold,
  heldIdsOf,
  heldRefusal,
  holdOn,
  holdsOn,
  notHeld,
  notHeldSql,
  ownHolds,
} from './moderation';
export { assertMayBePaid, assertMayRequestPayout, assertNoPayRefusal, type PayRefusal, payRefusalSql } from './payees';
export {
  type Access,
  type AccessFacts,
  accessFactsSql,
  accessFrom,
  accessFromFacts,
  accessTo,
  boughtAmong,
  canViewOne,
  commentedItem,
  creatorsReaching,
  creatorsReachingSql,
  type Gated,
  hasBuyers,
  openTo,
  subscriptionGivesAccess,
  visibleTo,
} from './policy';
export { assertInGoodStanding, inGoodStanding, listedNow, listedNowAs, standingIs, standingOf, standingRefusal } from './standing';
export {
  assertMayCall,
  assertMayWatch,
  type CalledShow,
  payRefusalOf,
  type Watch,
  type WatchedSession,
  type WatchFacts,
  watchFacts,
  watchFrom,
  watchOf,
} from './streaming';
export { assertMayManageRenewal, assertMayResumeRenewal } from './subscriptions';
