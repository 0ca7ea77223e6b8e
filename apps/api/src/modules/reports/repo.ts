import { type adminReportQuerySchema, REPORT_LIMIT_DAYS, type reportGroupQuerySchema } from '@limelight/contracts';
import { and, count, desc, eq, inArray, lt, min, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { comments } from '../../db/read/comments';
import { photos } from '../../db/read/galleries';
import { files } from '../../db/read/media';
import { conversationMembers, messageFiles, messages } from '../../db/read/messages';
import { moderationHolds, reports, takedownCases } from '../../db/read/moderation';
import { stories } from '../../db/read/stories';
import { streamSessions } from '../../db/read/streaming';
import { users } from '../../db/read/users';
import { orderBy } from '../../platform/http';

/** Open reports: how many, since when the oldest waits, how many are overdue (the reports_status_created index). */
export async function openReportsQueue(db: Queryable) {
  const [row] = await db
    .select({
      open: count(),
      oldestAt: min(reports.createdAt),
      overdue:
        sql<number>`count(*) filter (where ${lt(reports.createdAt, sql`now() - make_interval(days => ${REPORT_LIMIT_DAYS})`)})`.mapWith(
          Number,
        ),
    })
    .from(reports)
    .where(eq(reports.status, 'open'));
  return { open: row?.open ?? 0, oldestAt: row?.oldestAt ?? null, overdue: row?.overdue ?? 0 };
}

/** One page of single reports, filtered by status and target type, in the admin's order, and how many there are. */
export async function reportsPage(db: Queryable, query: z.output<typeof adminReportQuerySchema>) {
  const where = and(
    query.status ? eq(reports.status, query.status) : undefined,
    query.targetType ? eq(reports.targetType, query.targetType) : undefined,
  );
  return pageOf(
    db
      .select()
      .from(reports)
      .where(where)
      .orderBy(...orderBy({ createdAt: reports.createdAt, updatedAt: reports.updatedAt }, query.sortBy, query.sort, reports.id))
      .$dynamic(),
    query,
    db.$count(reports, where),
  );
}

/** One page of the queue: a row per target with its count, reasons, oldest report and hold; and how many targets there are. */
export async function reportGroupsPage(db: Queryable, query: z.output<typeof reportGroupQuerySchema>) {
  const where = and(
    eq(reports.status, query.status),
    query.targetType ? eq(reports.targetType, query.targetType) : undefined,
    query.reason ? eq(reports.reason, query.reason) : undefined,
  );
  const first = sql<Date>`min(${reports.createdAt})`;
  const counted = count();
  return pageOf(
    db
      .select({
        targetType: reports.targetType,
        targetId: reports.targetId,
        count: counted,
        reasons: sql<string[]>`array_agg(distinct ${reports.reason})`,
        first,
        state: moderationHolds.state,
        reason: moderationHolds.reason,
        prePublication: moderationHolds.prePublication,
      })
      .from(reports)
      .leftJoin(moderationHolds, eq(moderationHolds.targetId, reports.targetId))
      .where(where)
      .groupBy(reports.targetType, reports.targetId, moderationHolds.state, moderationHolds.reason, moderationHolds.prePublication)
      .orderBy(sql`${query.sortBy === 'count' ? counted : first} ${sql.raw(query.sort)}, ${reports.targetId}`)
      .$dynamic(),
    query,
    // One row per target: the count is of distinct targets.
    db
      .select({ total: sql<number>`count(distinct (${reports.targetType}, ${reports.targetId}))::int` })
      .from(reports)
      .where(where)
      .then(([row]) => row?.total ?? 0),
  );
}

/** Every report on one target, newest first. */
export const reportsOn = (db: Queryable, targetType: string, targetId: string) =>
  db
    .select()
    .from(reports)
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId)))
    .orderBy(desc(reports.createdAt));

/** A takedown notice's case, if any. */
export async function takedownCaseById(db: Queryable, id: string) {
  const [row] = await db.select().from(takedownCases).where(eq(takedownCases.id, id));
  return row;
}

/** The hold on a target with its appeal, if any. */
export async function holdById(db: Queryable, targetId: string) {
  const [row] = await db.select().from(moderationHolds).where(eq(moderationHolds.targetId, targetId));
  return row;
}

/** The hold on a target, locked for the rest of the transaction (one appeal, one decision), if any. */
export async function lockedHold(tx: Queryable, targetId: string) {
  const [row] = await tx.select().from(moderationHolds).where(eq(moderationHolds.targetId, targetId)).for('update');
  return row;
}

/** Appeals waiting for the admin, oldest first (at most 100). */
export const pendingAppealHolds = (db: Queryable) =>
  db
    .select()
    .from(moderationHolds)
    .where(and(sql`${moderationHolds.appealedAt} is not null`, sql`${moderationHolds.appealDecidedAt} is null`))
    .orderBy(moderationHolds.appealedAt)
    .limit(100);

/** One owner's holds on their content (not its files), newest first (at most 100). */
export const holdsOwnedBy = (db: Queryable, ownerId: string) =>
  db
    .select()
    .from(moderationHolds)
    .where(and(eq(moderationHolds.ownerId, ownerId), or(sql`${moderationHolds.targetType} <> 'file'`)))
    .orderBy(desc(moderationHolds.createdAt))
    .limit(100);

const recipientColumns = { id: users.id, email: users.email, name: users.name, username: users.username };

/** Where a moderation e-mail to one account goes: its address and name, if the account exists. */
export async function recipientById(db: Queryable, id: string) {
  const [row] = await db.select(recipientColumns).from(users).where(eq(users.id, id));
  return row;
}

/** Where moderation e-mails to these accounts go. */
export const recipientsByIds = (db: Queryable, ids: string[]) => db.select(recipientColumns).from(users).where(inArray(users.id, ids));

/** The stored files with these ids. */
export async function filesById(db: Queryable, ids: string[]) {
  if (!ids.length) return [];
  return db.select().from(files).where(inArray(files.id, ids));
}

/** A photo, if it exists. */
export async function photoById(db: Queryable, id: string) {
  const [row] = await db.select().from(photos).where(eq(photos.id, id));
  return row;
}

/** A story, if it exists. */
export async function storyById(db: Queryable, id: string) {
  const [row] = await db.select().from(stories).where(eq(stories.id, id));
  return row;
}

/** A comment, deleted or not, if it exists. */
export async function commentById(db: Queryable, id: string) {
  const [row] = await db.select().from(comments).where(eq(comments.id, id));
  return row;
}

/** A message or live chat line, deleted or not, if it exists. */
export async function messageById(db: Queryable, id: string) {
  const [row] = await db.select().from(messages).where(eq(messages.id, id));
  return row;
}

/** The ids of the files attached to a message. */
export async function attachedFileIds(db: Queryable, messageId: string) {
  const attached = await db.select({ id: messageFiles.fileId }).from(messageFiles).where(eq(messageFiles.messageId, messageId));
  return attached.map((file) => file.id);
}

/** A message not deleted, in a conversation `memberId` belongs to, with its sender; if any. */
export async function memberMessage(db: Queryable, id: string, memberId: string) {
  const [row] = await db
    .select({ id: messages.id, senderId: messages.senderId })
    .from(messages)
    .innerJoin(conversationMembers, eq(conversationMembers.conversationId, messages.conversationId))
    .where(and(eq(messages.id, id), eq(messages.isDeleted, false), eq(conversationMembers.userId, memberId)));
  return row;
}

/** A live chat line not deleted, with its sender and the session's creator; if any. */
export async function liveChatLine(db: Queryable, id: string) {
  const [row] = await db
    .select({ id: messages.id, senderId: messages.senderId, performerId: streamSessions.performerId })
    .from(messages)
    .innerJoin(streamSessions, eq(streamSessions.conversationId, messages.conversationId))
    .where(and(eq(messages.id, id), eq(messages.isDeleted, false)));
  return row;
}

/** A live session, if it exists. */
export async function streamSessionById(db: Queryable, id: string) {
  const [row] = await db.select().from(streamSessions).where(eq(streamSessions.id, id));
  return row;
}
