// What other features may use of galleries: they import this file only, never the files behind it (decision 075).
export { BookmarkedGalleries, CreatorGalleries } from './GalleryGrid';
export { Lightbox, PhotoButton, useLightbox } from './Lightbox';
