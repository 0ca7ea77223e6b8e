// What other features may use of live: they import this file only, never the files behind it (decision 075).
export { LiveBadge } from './LiveBadge';
export { LiveNowStrip } from './LiveNowStrip';
export { LiveStreamingOn, useLiveStreamingOn } from './LiveStreamingOn';
