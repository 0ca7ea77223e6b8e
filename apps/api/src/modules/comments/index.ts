/** What other modules may use of the comments module (decision 004): everything else is its own. */
export { adminCommentRows, countCommentLikes } from './repo';
export { reachableComment } from './service';
