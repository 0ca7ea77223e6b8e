// What other features may use of community: they import this file only, never the files behind it (decision 075).
export { useAppealModeratedItemMutation, useLibraryReaction, useListMyModeratedItemsQuery, useSendTakedownRequestMutation } from './api';
export { preloadComments } from './Comments';
export { Comments } from './LazyComments';
export {
  contentActionDone,
  holdStateLabels,
  labelOf,
  moderationTargetLabels,
  reportCaseLabels,
  reportCaseReasonLabels,
  reportStatusLabels,
  standingActionDone,
} from './moderation-labels';
export { ReactionBar } from './ReactionBar';
export { ReportButton } from './ReportButton';
