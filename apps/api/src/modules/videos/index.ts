/** What other modules may use of the videos module (decision 004): everything else is its own. */

export { adminVideoRows } from './repo';
export { videoSellable } from './sellable';
export { retireCreatorVideos } from './service';
