/** What other modules may use of the moderation module (decision 004): everything else is its own. */

export { openTakedownCase } from './cases';
export { holdAsReupload } from './holds';
export {
  closeOpenCases,
  liftFileReviewHolds,
  liftHolds,
  liftReviewHolds,
  openCase,
  placeHolds,
  recordAppeal,
  setCaseStatus,
  upholdAppeal,
  waitsForReview,
} from './repo';
export {
  holdFilesForReview,
  holdForReview,
  isReviewedBeforePublication,
  type ReviewFacts,
  reviewedBeforePublication,
  withdrawFromReview,
} from './review';
