/** What other modules may use of the galleries module (decision 004): everything else is its own. */
export { openedGallery, visibleGallery } from './service';
export { adminGalleryRows, adminPhotoRows } from './admin-rows';
