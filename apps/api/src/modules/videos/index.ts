/** What other modules may use of the videos module (decision 004): everything else is its own. */

export { adminVideoRows } from './admin-rows';
export { countVideoLikes, openedVideo, retireCreatorVideos, visibleVideo } from './service';
