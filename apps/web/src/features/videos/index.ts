// What other features may use of videos: they import this file only, never the files behind it (decision 075).
export { BookmarkedVideos, CreatorVideos } from './VideoGrid';
