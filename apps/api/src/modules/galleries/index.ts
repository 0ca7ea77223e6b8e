/** What other modules may use of the galleries module (decision 004): everything else is its own. */

export { adminGalleryRows, adminPhotoRows } from './admin-rows';
export { countGalleryLikes, openedGallery, retireCreatorGalleries, visibleGallery } from './service';
