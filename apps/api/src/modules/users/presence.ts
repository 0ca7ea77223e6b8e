import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { performerProfiles, users } from '../../db/schema/users';
import type { PresenceListener } from '../../platform/realtime';

/**
 * An account is online while any of its sockets is connected. A creator's profile keeps a copy
 * for discovery (listed creators by who is online, from one index), written in the same statement.
 */
export function accountPresence(db: Database): PresenceListener {
  const mark = (isOnline: boolean) => async (userId: string) => {
    await db.execute(sql`
      with account as (
        update ${users} set is_online = ${isOnline}, online_at = now() where id = ${userId} returning id)
      update ${performerProfiles} set is_online = ${isOnline}, online_at = now()
      where user_id in (select id from account)`);
  };
  return { online: mark(true), offline: mark(false) };
}
