import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { performerProfiles } from '../../db/schema';
import type { PresenceListener } from '../../platform/realtime';

/** Creators are online while any of their sockets is connected; fans have no profile row. */
export function performerPresence(db: Database): PresenceListener {
  const mark = (isOnline: boolean) => async (userId: string) => {
    await db.update(performerProfiles).set({ isOnline, onlineAt: new Date() }).where(eq(performerProfiles.userId, userId));
  };
  return { online: mark(true), offline: mark(false) };
}
