/** What other modules may use of the follows module (decision 004). */
export { endFollowsBetween } from './service';
export { adminFollowRows } from './admin-rows';
