import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { livePublishers } from '../db/schema/platform/live';

/**
 * How long a publisher's lease lasts unless renewed: a crashed process's session can be broadcast
 * again this long after its last renewal, with no one clearing anything.
 */
const LEASE_SECONDS = 15;
/** How often a running packager renews its lease: a few renewals may fail (a database hiccup) before it lapses. */
export const RENEW_EVERY_MS = 5_000;

/** One packager run's hold on its session. */
export type LiveLease = {
  /** Extends the lease; false when it lapsed and another packager took the session meanwhile. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
};

/**
 * One publisher per live session across every process (decision 064), held in the database that
 * all of them share (PGlite alone, or PostgreSQL): a row per session names the packager run that
 * holds it until `expires_at`.
 */
export function createLiveLeases(db: Database) {
  const until = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
  return {
    /** Takes the session for a new packager run, or undefined while another run holds it. */
    async take(sessionId: string): Promise<LiveLease | undefined> {
      const holder = randomUUID();
      // One statement: of two processes racing for a free or lapsed session, one row wins.
      const taken = await db
        .insert(livePublishers)
        .values({ sessionId, holder, expiresAt: until })
        .onConflictDoUpdate({
          target: livePublishers.sessionId,
          set: { holder, expiresAt: until },
          setWhere: sql`${livePublishers.expiresAt} < now()`,
        })
        .returning({ holder: livePublishers.holder });
      if (!taken.length) return undefined;
      const mine = and(eq(livePublishers.sessionId, sessionId), eq(livePublishers.holder, holder));
      return {
        renew: async () =>
          (await db.update(livePublishers).set({ expiresAt: until }).where(mine).returning({ holder: livePublishers.holder })).length > 0,
        release: async () => {
          await db.delete(livePublishers).where(mine);
        },
      };
    },
    /** Whether some process packages the session now. */
    async held(sessionId: string) {
      const rows = await db
        .select({ holder: livePublishers.holder })
        .from(livePublishers)
        .where(and(eq(livePublishers.sessionId, sessionId), gt(livePublishers.expiresAt, sql`now()`)));
      return rows.length > 0;
    },
  };
}
export type LiveLeases = ReturnType<typeof createLiveLeases>;
