/** What other modules may use of the moderation module (decision 004): everything else is its own. */

export { closeOpenCases, openCase, openTakedownCase, setCaseStatus } from './cases';
export { holdAsReupload, liftHolds, placeHolds, recordAppeal, upholdAppeal } from './holds';
export {
  holdFilesForReview,
  holdForReview,
  isReviewedBeforePublication,
  liftFileReviewHolds,
  liftReviewHolds,
  type ReviewFacts,
  reviewedBeforePublication,
  waitsForReview,
  withdrawFromReview,
} from './review';
