/** What other modules may use of the access module (decision 004): everything else is its own. */

export { type Action, assertMay, isAdmin, isCreator, isFan, isSelf, may, mayEach, type Viewer } from './actions';
export { assertMayAnswerComment, mayDeleteComment } from './comments';
export { assertMayReach, isPrivileged, refusals, refused, visibleCreator, visibleCreatorWith } from './creators';
export { requireAdmin, requireBlockList, requireFan, requireMay, requireOrdersManager, requirePerformer } from './guards';
export { passesMaintenance } from './maintenance';
export { assertMayStartConversation, assertNotBlockedPair, blockedPairs, blockedRefusal, isBlockedPair } from './messaging';
export {
  assertBuyersKeep,
  assertNotHeldFrom,
  assertOwnerMayChange,
  fileServable,
  type Hold,
  heldRefusal,
  holdOn,
  holdsOn,
  notHeld,
  ownHolds,
} from './moderation';
export { assertMayBePaid, assertMayRequestPayout, assertNoPayRefusal } from './payees';
export {
  type Access,
  type AccessFacts,
  accessFrom,
  accessFromFacts,
  accessTo,
  canViewOne,
  commentedItem,
  type Gated,
  openTo,
  visibleTo,
} from './policy';
export { creatorsReaching, creatorsReachingSql, type FanAudience, fansOf, subscriptionGivesAccess } from './repo/fans';
export { openToEveryone } from './repo/gated';
export { heldIdsOf, notHeldSql } from './repo/holds';
export { blockReasonSql } from './repo/messaging';
export { type PayRefusal, payRefusalOf, payRefusalSql } from './repo/payees';
export { accessFactsSql, boughtAmong, hasBuyers } from './repo/purchases';
export { hiddenFromKey, notHiddenFrom, type Refusal, refusalSql } from './repo/refusals';
export { listedNow, listedNowAs, standingIs } from './repo/standing';
export { type ViewerSql, viewerParams, viewerPlaceholders } from './repo/viewer';
export { assertInGoodStanding, inGoodStanding, standingOf, standingRefusal } from './standing';
export {
  assertMayCall,
  assertMayWatch,
  type CalledShow,
  type Watch,
  type WatchedSession,
  type WatchFacts,
  watchFacts,
  watchFrom,
  watchOf,
} from './streaming';
export { assertMayManageRenewal, assertMayResumeRenewal } from './subscriptions';
