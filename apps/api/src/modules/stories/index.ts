/** What other modules may use of the stories module (decision 004): everything else is its own. */
export { adminStoryRows, countStoryLikes, removeCreatorStories, startStoryLifetime } from './repo';
export { reachableStory } from './service';
