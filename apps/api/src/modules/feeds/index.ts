/** What other modules may use of the feeds module (decision 004): everything else is its own. */

export { adminPostRows } from './admin-rows';
export { feedSellable } from './sellable';
export { announcePost, publishApprovedFeed, retireCreatorFeeds } from './service';
