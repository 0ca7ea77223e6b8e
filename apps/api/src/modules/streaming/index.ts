/** What other modules may use of the streaming module (decision 004): everything else is its own. */

export { registerPrivateShowJobs } from './billing';
export { registerPrivateShowEvents } from './calls';
export { announceTip, deleteStreamMessage, sessionForTip, writeTipLine } from './chat';
export { leaveCreatorRooms, registerStreamingEvents } from './events';
export { endStaleSessions, findSession, registerStreamingJobs, type SessionRow } from './sessions';
