/** What other modules may use of the streaming module (decision 004): everything else is its own. */

export { announceClosedShows, type ClosedShows, closePrivateShowsOf } from './account-standing';
export { registerPrivateShowJobs } from './billing';
export { registerPrivateShowEvents } from './calls';
export { tipInSession } from './chat';
export { leaveCreatorRooms, registerStreamingEvents } from './events';
export { registerLiveEvents } from './live-events';
export { assertLiveStreamingOn } from './open';
export { adminLiveSessionRows } from './repo/sessions';
export { startRtmp } from './rtmp-publish';
export { streamSellable, streamTipSellable } from './sellable';
export { endSessionsOf, endStaleSessions, findSession, type SessionRow } from './sessions';
export { registerStreamingJobs } from './switch';
