import { defaultNotificationChannels, type NotificationKind } from '@limelight/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { notificationPreferences } from '../../db/read/emails';
import { users } from '../../db/read/users';
import { notifications } from '../../db/schema/notifications';
import { enqueueEachSql } from '../../platform/jobs';
import { type FanAudience, fansOf } from '../access';
import { PUSH_JOB } from './push-jobs';

/** What happened, for whom: a notification as a module reports it. */
export type NotificationEvent = { userId: string; kind: NotificationKind; text: string; actorId?: string | null; link?: string | null };

// ---------------------------------------------------------------------------------------------
// Recording
// ---------------------------------------------------------------------------------------------

/** The owner's own channels for a kind, if they chose them. */
export async function chosenChannelsOf(db: Queryable, userId: string, kind: NotificationKind) {
  const [chosen] = await db
    .select({ inApp: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return chosen;
}

/** Records one notification on these channels: its id. */
export async function insertNotification(tx: Queryable, values: NotificationEvent & { inApp: boolean; email: boolean }) {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
  return row!;
}

/**
 * Records a notification for each of `userIds` who wants this kind, by their own channels (the
 * default where they chose none), leaving out the actor: in one statement, the ids recorded and
 * whether each goes to the bell.
 */
export async function insertNotificationForEach(tx: Queryable, event: Omit<NotificationEvent, 'userId'> & { userIds: string[] }) {
  const defaults = defaultNotificationChannels[event.kind];
  const recorded = await tx.execute(sql`
    with recipients as (select distinct unnest(array[${sql.join(
      event.userIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]) as user_id),
    chosen as (
      select r.user_id, coalesce(p.in_app, ${defaults.inApp}::boolean) as in_app, coalesce(p.email, ${defaults.email}::boolean) as email
      from recipients r left join ${notificationPreferences} p on p.user_id = r.user_id and p.kind = ${event.kind}::text
      where r.user_id is distinct from ${event.actorId ?? null}::uuid)
    insert into ${notifications} (user_id, kind, actor_id, text, link, in_app, email)
    select user_id, ${event.kind}::text, ${event.actorId ?? null}::uuid, ${event.text}::text, ${event.link ?? null}::text, in_app, email
    from chosen where in_app or email
    returning id, in_app`);
  return recorded.rows as Array<{ id: string; in_app: boolean }>;
}

/** Each kind's default channels as a SQL table (kind, in_app, email), for `notifyInStatement`. */
const defaultChannelsTable = sql.join(
  Object.entries(defaultNotificationChannels).map(
    ([kind, channels]) => sql`(${sql.raw(`'${kind}'`)}, ${sql.raw(String(channels.inApp))}, ${sql.raw(String(channels.email))})`,
  ),
  sql`, `,
);

/**
 * `notify` for a write that is one statement (a wallet charge, decision 017): the CTEs
 * `notice_channels`, `notice` and `notice_push` record the notification and queue its push
 * when the CTE named `gate` has a row, with the owner's channels as `notify` chooses them.
 * A null `kind` records nothing. The caller wakes the job queue after the statement.
 */
export function notifyInStatement(event: Record<'userId' | 'kind' | 'actorId' | 'text' | 'link', SQLWrapper>, gate: SQL) {
  return sql`
    notice_channels as (
      select coalesce(p.in_app, d.in_app) as in_app, coalesce(p.email, d.email) as email
      from (values ${defaultChannelsTable}) d (kind, in_app, email)
      left join ${notificationPreferences} p on p.user_id = ${event.userId}::uuid and p.kind = d.kind
      where d.kind = ${event.kind}::text and ${event.userId}::uuid is distinct from ${event.actorId}::uuid),
    notice as (
      insert into ${notifications} (user_id, kind, actor_id, text, link, in_app, email)
      select ${event.userId}::uuid, ${event.kind}::text, ${event.actorId}::uuid, ${event.text}::text, ${event.link}::text, c.in_app, c.email
      from notice_channels c where (c.in_app or c.email) and exists (select 1 from ${gate})
      returning id, in_app),
    notice_push as (
      ${enqueueEachSql(PUSH_JOB, { payload: sql`jsonb_build_object('notificationId', id)`, from: sql`notice where in_app` })}
      returning id)`;
}

/** The next batch of a creator's fans of this audience after `after` (in id order, from the first when null). */
export const fansAfter = (tx: Queryable, performerId: string, audience: FanAudience, after: string | null, limit: number) =>
  tx
    .select({ id: users.id })
    .from(users)
    .where(and(fansOf(performerId, audience), after ? gt(users.id, after) : undefined))
    .orderBy(asc(users.id))
    .limit(limit);

/** The people of a refund, with how to e-mail them. */
export const refundPeople = (tx: Queryable, ids: string[]) =>
  tx.select({ id: users.id, email: users.email, name: users.name, username: users.username }).from(users).where(inArray(users.id, ids));

// ---------------------------------------------------------------------------------------------
// Pushing and mailing
// ---------------------------------------------------------------------------------------------

/** One notification by its id. */
export async function notificationById(db: Queryable, id: string) {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/** These notifications. */
export const notificationsByIds = (db: Queryable, ids: string[]) => db.select().from(notifications).where(inArray(notifications.id, ids));

/** How many unread notifications in the bell each of these people has (someone with none is absent). */
export const unreadCountsOf = (db: Queryable, userIds: string[]) =>
  db
    .select({ userId: notifications.userId, total: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.inApp, true), isNull(notifications.readAt)))
    .groupBy(notifications.userId);

/**
 * Takes up to `limit` notifications waiting to be mailed, oldest first, marking them mailed
 * (SKIP LOCKED, so processes share the work): whose each is, its text and link.
 */
export async function takeNotificationsToMail(tx: Queryable, limit: number) {
  const taken = await tx.execute(sql`
      update ${notifications} set emailed_at = now()
      where id in (
        select id from ${notifications} where ${notifications.email} and ${notifications.emailedAt} is null
        order by ${notifications.createdAt} limit ${limit} for update skip locked)
      returning user_id, text, link`);
  return taken.rows as Array<{ user_id: string; text: string; link: string | null }>;
}

/** The people a digest goes to, with their address. */
export const digestRecipients = (tx: Queryable, ids: string[]) =>
  tx.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, ids));

// ---------------------------------------------------------------------------------------------
// The owner's bell and settings
// ---------------------------------------------------------------------------------------------

/** How many unread notifications the owner's bell shows. */
export async function unreadCount(db: Queryable, userId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

/** One page of the owner's bell, newest first (index-backed), optionally only the unread, and its total. */
export function pageOfNotifications(db: Queryable, ownerId: string, query: { offset: number; limit: number; unread?: 'true' | 'false' }) {
  const where = and(
    eq(notifications.userId, ownerId),
    eq(notifications.inApp, true),
    query.unread === 'true' ? isNull(notifications.readAt) : undefined,
  );
  return pageOf(
    db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).$dynamic(),
    query,
    db.$count(notifications, where),
  );
}

/** Marks one of the owner's notifications read (keeping when it first was): the notification, or none if not theirs. */
export async function markNotificationRead(db: Queryable, ownerId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, ownerId)))
    .returning();
  return row;
}

/** Marks every unread notification of the owner read. */
export const markAllNotificationsRead = (db: Queryable, ownerId: string) =>
  db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, ownerId), isNull(notifications.readAt)));

/** The channels the owner chose, kind by kind (a kind never chosen is absent). */
export const chosenChannels = (db: Queryable, ownerId: string) =>
  db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, ownerId));
