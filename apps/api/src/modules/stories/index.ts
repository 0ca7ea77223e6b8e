/** What other modules may use of the stories module (decision 004): everything else is its own. */
export { adminStoryRows } from './admin-rows';
export { removeCreatorStories, startStoryLifetime } from './service';
