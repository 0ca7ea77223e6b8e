/** What other modules may use of the reactions module (decision 004): everything else is its own. */
export { bookmarkedPage, forgetReactions, viewerReactedSql, viewerReactions } from './repo';
