/** What other modules may use of the performers module (decision 004): everything else is its own. */
export {
  discardDocuments,
  documentFiles,
  documentHeaders,
  readDocumentParts,
  recordDocuments,
  storeDocuments,
  type UploadedDocument,
} from './documents';
export { type CreatorCard, creatorPreview, previewKeysOf } from './preview';
export {
  byIndexableCreator,
  byListedCreator,
  countIndexableCreators,
  findCreatorForViewer,
  findPerformer,
  indexableCreatorsPage,
} from './repo/profiles';
export { verificationIs, verificationQueue, verifiedByDay } from './repo/verification';
export { applyRevision, refuseRevision, revisionForReview } from './revisions';
export { anyCreatorMatches } from './search';
export { isListed, pageOfLinkedPerformers } from './service';
