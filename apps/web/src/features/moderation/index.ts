// What other features may use of moderation: they import this file only, never the files behind it (decision 075).
export { HeldTag } from './HeldTag';
export { savedMessage } from './review-note';
export { revisedFieldLabels } from './revision-labels';
