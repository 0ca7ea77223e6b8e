import type { Conversation } from '@limelight/contracts';
import { formatMoment } from './dates';

export type Presence = Conversation['recipientPresence'];

/** Presence as people say it: "Online", "Last seen today 14:55", or nothing when never seen. */
export function presenceLabel(presence: Presence, now: Date = new Date()) {
  if (presence.isOnline) return 'Online';
  return presence.lastSeenAt ? `Last seen ${formatMoment(presence.lastSeenAt, now)}` : undefined;
}
