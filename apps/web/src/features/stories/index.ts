// What other features may use of stories: they import this file only, never the files behind it (decision 075).
export { preloadStoryBar } from './api';
export { StoryBar } from './StoryBar';
