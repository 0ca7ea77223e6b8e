/** What other modules may use of the follows module (decision 004). */

export { adminFollowRows } from './repo';
export { endFollowsBetween } from './service';
