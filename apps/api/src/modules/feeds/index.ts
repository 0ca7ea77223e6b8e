/** What other modules may use of the feeds module (decision 004): everything else is its own. */

export { adminPostRows, countPublicPosts, publicPostsPage, publishApprovedFeed } from './repo/feeds';
export { feedSellable } from './sellable';
export { announcePost, retireCreatorFeeds } from './service';
