/** What other modules may use of the follows module (decision 004). */

export { adminFollowRows } from './admin-rows';
export { endFollowsBetween } from './service';
