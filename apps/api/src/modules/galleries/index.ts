/** What other modules may use of the galleries module (decision 004): everything else is its own. */

export { adminGalleryRows, adminPhotoRows } from './repo';
export { gallerySellable } from './sellable';
export { retireCreatorGalleries } from './service';
