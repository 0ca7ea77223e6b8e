import {
  defaultNotificationChannels,
  type Notification,
  type NotificationKind,
  type NotificationSetting,
  notificationKindsFor,
} from '@limelight/contracts';
import { and, count, desc, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { notificationPreferences } from '../../db/read/emails';
import { users } from '../../db/read/users';
import { notifications } from '../../db/schema/notifications';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { enqueueEachSql, jobKind } from '../../platform/jobs';
import { sendEmail, setNotificationChannels } from '../emails';
import { publicUsersById } from '../users';

/**
 * The notification centre (decision 014). A module says what happened with `notify`, inside the
 * transaction of the write it reports, so a notification exists exactly when the event does; a
 * job then pushes it to the owner's sockets (the bell), and a periodic digest mails what the
 * owner wanted by e-mail, one message per person per round, so a busy creator is not flooded.
 */
const PUSH_JOB = jobKind('notifications.push', z.object({ notificationId: z.string() }));
const PUSH_MANY_JOB = jobKind('notifications.push-many', z.object({ notificationIds: z.array(z.string()) }));
const DIGEST_EVERY_MS = 5 * 60 * 1000;
const DIGEST_BATCH = 1000;

type NotificationRow = typeof notifications.$inferSelect;
export type NotificationEvent = { userId: string; kind: NotificationKind; text: string; actorId?: string | null; link?: string | null };

async function channelsOf(db: Queryable, userId: string, kind: NotificationKind) {
  const [chosen] = await db
    .select({ inApp: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return chosen ?? defaultNotificationChannels[kind];
}

/** Records what happened for its owner, in the caller's transaction (nothing when they switched the kind off). */
export async function notify(deps: Pick<Deps, 'jobs'>, tx: Queryable, event: NotificationEvent) {
  if (event.actorId === event.userId) return;
  const channels = await channelsOf(tx, event.userId, event.kind);
  if (!channels.inApp && !channels.email) return;
  const [row] = await tx
    .insert(notifications)
    .values({ ...event, inApp: channels.inApp, email: channels.email })
    .returning({ id: notifications.id });
  if (channels.inApp) await deps.jobs.enqueue(tx, PUSH_JOB, { notificationId: row!.id });
}

/**
 * `notify` for many people at once (a batch of a creator's fans), in the caller's transaction:
 * one statement records a notification for each who wants this kind, by their own channels,
 * and one job pushes them all; says how many were recorded.
 */
export async function notifyMany(
  deps: Pick<Deps, 'jobs'>,
  tx: Queryable,
  event: Omit<NotificationEvent, 'userId'> & { userIds: string[] },
) {
  if (!event.userIds.length) return 0;
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
  const rows = recorded.rows as Array<{ id: string; in_app: boolean }>;
  const pushed = rows.filter((row) => row.in_app).map((row) => row.id);
  if (pushed.length) await deps.jobs.enqueue(tx, PUSH_MANY_JOB, { notificationIds: pushed });
  return rows.length;
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

export function registerPushAndDigest(deps: Deps) {
  deps.jobs.register(PUSH_JOB, async (payload) => {
    const [row] = await deps.db.select().from(notifications).where(eq(notifications.id, payload.notificationId));
    if (!row) return;
    const [notification] = await present(deps, [row]);
    deps.realtime
      .toUser(row.userId)
      .emit('notification_created', { notification: notification!, unread: await unreadCount(deps.db, row.userId) });
  });
  // A batch reads alike to each of its people: presented once, sent to each with their unread count (two queries in all).
  deps.jobs.register(PUSH_MANY_JOB, async (payload) => {
    const ids = payload.notificationIds;
    const rows = ids.length ? await deps.db.select().from(notifications).where(inArray(notifications.id, ids)) : [];
    if (!rows.length) return;
    const [shape] = await present(deps, [rows[0]!]);
    const unread = await deps.db
      .select({ userId: notifications.userId, total: count() })
      .from(notifications)
      .where(
        and(
          inArray(
            notifications.userId,
            rows.map((row) => row.userId),
          ),
          eq(notifications.inApp, true),
          isNull(notifications.readAt),
        ),
      )
      .groupBy(notifications.userId);
    const unreadOf = new Map(unread.map((row) => [row.userId, row.total]));
    for (const row of rows) {
      deps.realtime.toUser(row.userId).emit('notification_created', {
        notification: { ...shape!, _id: row.id, isRead: row.readAt !== null, createdAt: row.createdAt.toISOString() },
        unread: unreadOf.get(row.userId) ?? 0,
      });
    }
  });
  deps.jobs.every('notifications.digest', DIGEST_EVERY_MS, () => mailDigests(deps));
}

/**
 * One round of e-mail: takes the notifications waiting to be mailed (SKIP LOCKED, so processes
 * share the work) and queues one message per person listing them, in the same transaction.
 */
export async function mailDigests(deps: Deps) {
  await deps.db.transaction(async (tx) => {
    const taken = await tx.execute(sql`
      update ${notifications} set emailed_at = now()
      where id in (
        select id from ${notifications} where ${notifications.email} and ${notifications.emailedAt} is null
        order by ${notifications.createdAt} limit ${DIGEST_BATCH} for update skip locked)
      returning user_id, text, link`);
    const byUser = new Map<string, Array<{ text: string; link: string | null }>>();
    for (const row of taken.rows as Array<{ user_id: string; text: string; link: string | null }>) {
      byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), { text: row.text, link: row.link }]);
    }
    if (!byUser.size) return;
    const people = await tx
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(inArray(users.id, [...byUser.keys()]));
    for (const person of people) {
      const items = byUser.get(person.id)!;
      if (!person.email) continue;
      const lines = items.map((item) => `- ${item.text}${item.link ? `\n  ${deps.config.publicUrl}${item.link}` : ''}`).join('\n');
      await sendEmail(deps, tx, 'notifications.digest', {
        to: person.email,
        userId: person.id,
        vars: {
          name: person.name,
          summary: items.length === 1 ? items[0]!.text : `${items.length} new notifications`,
          items: lines,
        },
      });
    }
  });
}

async function present(deps: Deps, rows: NotificationRow[]): Promise<Notification[]> {
  const actors = await publicUsersById(
    deps.db,
    rows.flatMap((row) => (row.actorId ? [row.actorId] : [])),
  );
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind as NotificationKind,
    text: row.text,
    actor: row.actorId ? (actors.get(row.actorId) ?? null) : null,
    link: row.link,
    isRead: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function unreadCount(db: Queryable, userId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

/** `GET /notifications`: the owner's, newest first (index-backed), optionally only the unread. */
export async function listNotifications(
  deps: Deps,
  owner: SessionUser,
  query: { offset: number; limit: number; unread?: 'true' | 'false' },
) {
  const where = and(
    eq(notifications.userId, owner.id),
    eq(notifications.inApp, true),
    query.unread === 'true' ? isNull(notifications.readAt) : undefined,
  );
  const [{ rows, total }, unread] = await Promise.all([
    pageOf(
      deps.db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).$dynamic(),
      query,
      deps.db.$count(notifications, where),
    ),
    unreadCount(deps.db, owner.id),
  ]);
  return { data: await present(deps, rows), total, unread };
}

export async function markRead(deps: Deps, owner: SessionUser, id: string) {
  const [row] = await deps.db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, owner.id)))
    .returning();
  if (!row) throw notFound('Notification');
  return (await present(deps, [row]))[0]!;
}

export async function markAllRead(deps: Deps, owner: SessionUser) {
  await deps.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, owner.id), isNull(notifications.readAt)));
  return { total: 0 };
}

/** Every kind of the owner's role with their channels, their choice or the default. */
export async function settingsOf(deps: Deps, owner: SessionUser): Promise<NotificationSetting[]> {
  const chosen = await deps.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, owner.id));
  return notificationKindsFor(owner.role).map((kind) => {
    const row = chosen.find((item) => item.kind === kind);
    return { kind, ...(row ? { inApp: row.inApp, email: row.email } : defaultNotificationChannels[kind]) };
  });
}

export async function updateSettings(deps: Deps, owner: SessionUser, settings: NotificationSetting[]) {
  const own = notificationKindsFor(owner.role);
  const foreign = settings.findIndex((setting) => !own.includes(setting.kind));
  if (foreign >= 0) {
    const kind = settings[foreign]!.kind;
    throw badRequest(`${foreign}.kind: ${kind} is not one of your notification kinds`, [
      { field: `${foreign}.kind`, message: `must be one of ${own.join(', ')}` },
    ]);
  }
  await setNotificationChannels(deps.db, owner.id, settings);
  return settingsOf(deps, owner);
}
