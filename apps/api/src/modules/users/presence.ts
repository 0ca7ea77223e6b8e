import type { Database } from '../../db/client';
import type { PresenceListener } from '../../platform/realtime';
import { markOnline } from './repo';

/** An account is online while any of its sockets is connected. */
export function accountPresence(db: Database): PresenceListener {
  const mark = (isOnline: boolean) => async (userId: string) => {
    await markOnline(db, userId, isOnline);
  };
  return { online: mark(true), offline: mark(false) };
}
