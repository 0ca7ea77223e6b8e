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
export { verificationIs, verificationQueue, verifiedByDay } from './figures';
export { byListedCreator, findCreatorForViewer, findPerformer, pageOfLinkedPerformers } from './repo';
export { applyRevision, refuseRevision, revisionForReview } from './revisions';
export { anyCreatorMatches } from './search';
export { isListed } from './service';
