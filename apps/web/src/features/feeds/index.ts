// What other features may use of feeds: they import this file only, never the files behind it (decision 075).
export { preloadFeedList, useListBookmarkedFeedsQuery } from './api';
export { FeedCard } from './FeedCard';
export { FeedList } from './FeedList';
