import {
  type adminSessionQuerySchema,
  type liveSearchQuerySchema,
  type SessionEndReason,
  STREAM_HEARTBEAT_GRACE_SECONDS,
} from '@limelight/contracts';
import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { performerProfiles, users } from '../../../db/read/users';
import { streamSessions, streams } from '../../../db/schema/streaming';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../../platform/admin-rows';
import type { SessionUser } from '../../../platform/auth';
import { escapeLike, orderBy } from '../../../platform/http';
import { listedNow, notHeld, notHiddenFrom } from '../../access';

type SessionValues = typeof streamSessions.$inferInsert;
type SessionsQuery = { offset: number; limit: number; sortBy: 'startedAt' | 'viewerCount'; sort: 'asc' | 'desc' };

/** A live session by id. */
export async function sessionById(db: Queryable, id: string) {
  const [row] = await db.select().from(streamSessions).where(eq(streamSessions.id, id));
  return row;
}

/** Inserts a session and returns its row. */
export async function insertSession(tx: Queryable, values: SessionValues) {
  const [session] = await tx.insert(streamSessions).values(values).returning();
  return session!;
}

/** Sets a session's title, description, access and price while it is live; none when it ended. */
export async function setLiveSessionTerms(
  db: Queryable,
  id: string,
  terms: Pick<SessionValues, 'title' | 'description' | 'access' | 'priceCents'>,
) {
  const [updated] = await db
    .update(streamSessions)
    .set(terms)
    .where(and(eq(streamSessions.id, id), eq(streamSessions.status, 'live')))
    .returning();
  return updated;
}

/** The broadcaster's heartbeat with the duration it reports (which only grows); none when the session ended. */
export async function reportDuration(db: Queryable, id: string, duration: number) {
  const [updated] = await db
    .update(streamSessions)
    .set({ durationSeconds: sql`greatest(${streamSessions.durationSeconds}, ${duration})`, lastHeartbeatAt: sql`now()` })
    .where(and(eq(streamSessions.id, id), eq(streamSessions.status, 'live')))
    .returning();
  return updated;
}

/** Marks the session as still broadcast (decision 023's heartbeat); false when it is not live any more. */
export async function markStillBroadcast(db: Queryable, sessionId: string) {
  const rows = await db
    .update(streamSessions)
    .set({ lastHeartbeatAt: sql`now()` })
    .where(and(eq(streamSessions.id, sessionId), eq(streamSessions.status, 'live')))
    .returning({ id: streamSessions.id });
  return rows.length > 0;
}

/** Ends a session if still live; answers its row, none when it was not live any more. */
export async function endLiveSession(db: Queryable, id: string, reason: SessionEndReason) {
  const [row] = await db
    .update(streamSessions)
    .set({ status: 'ended', endedReason: reason, endedAt: sql`now()`, viewerCount: 0 })
    .where(and(eq(streamSessions.id, id), eq(streamSessions.status, 'live')))
    .returning();
  return row;
}

/** Ends (`timeout`) the live sessions whose broadcaster sent no heartbeat for the grace period; answers their ids. */
export const endQuietSessions = (db: Queryable) =>
  db
    .update(streamSessions)
    .set({ status: 'ended', endedReason: 'timeout', endedAt: sql`now()`, viewerCount: 0 })
    .where(
      and(
        eq(streamSessions.status, 'live'),
        sql`${streamSessions.lastHeartbeatAt} < now() - make_interval(secs => ${STREAM_HEARTBEAT_GRACE_SECONDS})`,
      ),
    )
    .returning({ id: streamSessions.id });

/** Ends the creator's live session, if any, for this reason; answers the ids it ended. */
export const endLiveSessionsOf = (db: Queryable, performerId: string, reason: SessionEndReason) =>
  db
    .update(streamSessions)
    .set({ status: 'ended', endedReason: reason, endedAt: sql`now()`, viewerCount: 0 })
    .where(and(eq(streamSessions.performerId, performerId), eq(streamSessions.status, 'live')))
    .returning({ id: streamSessions.id });

/** Ends every live session as an admin's end; answers their ids. */
export const endAllLiveSessions = (db: Queryable) =>
  db
    .update(streamSessions)
    .set({ status: 'ended', endedReason: 'admin', endedAt: sql`now()`, viewerCount: 0 })
    .where(eq(streamSessions.status, 'live'))
    .returning({ id: streamSessions.id });

/** The creator's live session, if any. */
export async function liveSessionOf(db: Queryable, performerId: string) {
  const [row] = await db
    .select()
    .from(streamSessions)
    .where(and(eq(streamSessions.performerId, performerId), eq(streamSessions.status, 'live')));
  return row;
}

/** The ids of the creator's live sessions. */
export const liveSessionIdsOf = (db: Queryable, performerId: string) =>
  db
    .select({ id: streamSessions.id })
    .from(streamSessions)
    .where(and(eq(streamSessions.performerId, performerId), eq(streamSessions.status, 'live')));

/** Who a session belongs to. */
export async function sessionCreator(db: Queryable, sessionId: string) {
  const [session] = await db
    .select({ performerId: streamSessions.performerId })
    .from(streamSessions)
    .where(eq(streamSessions.id, sessionId));
  return session;
}

/** Keeps a live session's viewer count, and its peak. */
export async function recordViewerCount(db: Queryable, sessionId: string, viewers: number) {
  await db
    .update(streamSessions)
    .set({ viewerCount: viewers, peakViewerCount: sql`greatest(${streamSessions.peakViewerCount}, ${viewers})` })
    .where(and(eq(streamSessions.id, sessionId), eq(streamSessions.status, 'live')));
}

/** The session a stream conversation belongs to, with its stream's chat settings. */
export async function sessionChat(db: Queryable, conversationId: string) {
  const [row] = await db
    .select({ session: streamSessions, slowModeSeconds: streams.slowModeSeconds })
    .from(streamSessions)
    .innerJoin(streams, eq(streams.id, streamSessions.streamId))
    .where(eq(streamSessions.conversationId, conversationId));
  return row;
}

/** The creator's live session, with its stream's chat settings. */
export async function liveChatOf(db: Queryable, performerId: string) {
  const [row] = await db
    .select({ session: streamSessions, slowModeSeconds: streams.slowModeSeconds })
    .from(streamSessions)
    .innerJoin(streams, eq(streams.id, streamSessions.streamId))
    .where(and(eq(streamSessions.performerId, performerId), eq(streamSessions.status, 'live')));
  return row;
}

const sessionSortColumns = { startedAt: streamSessions.startedAt, viewerCount: streamSessions.viewerCount };

/** Sessions with their creator's account and profile, which every list and the single view filter on. */
const sessionsWithCreators = (db: Queryable) =>
  db
    .select({ session: streamSessions })
    .from(streamSessions)
    .innerJoin(users, eq(users.id, streamSessions.performerId))
    .innerJoin(performerProfiles, eq(performerProfiles.userId, streamSessions.performerId));

function sessionsPage(db: Queryable, where: SQL | undefined, query: SessionsQuery) {
  return pageOf(
    sessionsWithCreators(db)
      .where(where)
      .orderBy(...orderBy(sessionSortColumns, query.sortBy, query.sort, streamSessions.id))
      .$dynamic(),
    query,
    db
      .select({ value: count() })
      .from(streamSessions)
      .innerJoin(users, eq(users.id, streamSessions.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, streamSessions.performerId))
      .where(where)
      .then(([row]) => row?.value ?? 0),
  );
}

/**
 * One page of who is live now, with the count: public creators only, less those hidden from the
 * viewer by a block (either way) or their country.
 */
export function liveSessionsPage(db: Queryable, viewer: SessionUser | undefined, query: z.output<typeof liveSearchQuerySchema>) {
  const pattern = query.q ? `%${escapeLike(query.q)}%` : undefined;
  const where = and(
    eq(streamSessions.status, 'live'),
    eq(users.status, 'active'),
    listedNow(),
    notHiddenFrom(viewer, streamSessions.performerId),
    notHeld(viewer, streamSessions.id, streamSessions.performerId),
    query.performerId ? eq(streamSessions.performerId, query.performerId) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern), ilike(streamSessions.title, pattern)) : undefined,
  );
  return sessionsPage(db, where, query);
}

/** One page of every session, of a status and a creator if asked, with the count (the admin's list). */
export function adminSessionsPage(db: Queryable, query: z.output<typeof adminSessionQuerySchema>) {
  const where = and(
    query.status ? eq(streamSessions.status, query.status) : undefined,
    query.performerId ? eq(streamSessions.performerId, query.performerId) : undefined,
  );
  return sessionsPage(db, where, query);
}

/** A session, ended ones too, unless its creator is inactive or hidden from the viewer (a block, a country). */
export async function visibleSession(db: Queryable, viewer: SessionUser | undefined, id: string) {
  const [row] = await sessionsWithCreators(db).where(
    and(
      eq(streamSessions.id, id),
      eq(users.status, 'active'),
      notHiddenFrom(viewer, streamSessions.performerId),
      notHeld(viewer, streamSessions.id, streamSessions.performerId),
    ),
  );
  return row?.session;
}

/** Live sessions for the admin's console; `parentId` is the session's chat (decision 052). */
export const adminLiveSessionRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: streamSessions,
      select: {
        id: streamSessions.id,
        title: streamSessions.title,
        status: streamSessions.status,
        ownerId: streamSessions.performerId,
        otherId: nullValue,
        amountCents: streamSessions.priceCents,
        count: streamSessions.peakViewerCount,
        parentId: streamSessions.conversationId,
        parentType: streamSessions.access,
        createdAt: streamSessions.createdAt,
        updatedAt: streamSessions.updatedAt,
      },
      id: streamSessions.id,
      createdAt: streamSessions.createdAt,
      users: [streamSessions.performerId],
      status: streamSessions.status,
      text: [streamSessions.title, streamSessions.description],
    },
    filters,
  );
