import {
  defaultNotificationChannels,
  type Notification,
  type NotificationKind,
  type NotificationSetting,
  notificationKindsFor,
} from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { notifications } from '../../db/schema/notifications';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { sendEmail, setNotificationChannels } from '../emails';
import { publicUsersById } from '../users';
import { PUSH_JOB, PUSH_MANY_JOB } from './push-jobs';
import {
  chosenChannels,
  chosenChannelsOf,
  digestRecipients,
  insertNotification,
  insertNotificationForEach,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationEvent,
  notificationById,
  notificationsByIds,
  pageOfNotifications,
  takeNotificationsToMail,
  unreadCount,
  unreadCountsOf,
} from './repo';

/**
 * The notification centre (decision 014). A module says what happened with `notify`, inside the
 * transaction of the write it reports, so a notification exists exactly when the event does; a
 * job then pushes it to the owner's sockets (the bell), and a periodic digest mails what the
 * owner wanted by e-mail, one message per person per round, so a busy creator is not flooded.
 */
const DIGEST_EVERY_MS = 5 * 60 * 1000;
const DIGEST_BATCH = 1000;

type NotificationRow = typeof notifications.$inferSelect;

async function channelsOf(db: Queryable, userId: string, kind: NotificationKind) {
  return (await chosenChannelsOf(db, userId, kind)) ?? defaultNotificationChannels[kind];
}

/** Records what happened for its owner, in the caller's transaction (nothing when they switched the kind off). */
export async function notify(deps: Pick<Deps, 'jobs'>, tx: Queryable, event: NotificationEvent) {
  if (event.actorId === event.userId) return;
  const channels = await channelsOf(tx, event.userId, event.kind);
  if (!channels.inApp && !channels.email) return;
  const row = await insertNotification(tx, { ...event, inApp: channels.inApp, email: channels.email });
  if (channels.inApp) await deps.jobs.enqueue(tx, PUSH_JOB, { notificationId: row.id });
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
  const rows = await insertNotificationForEach(tx, event);
  const pushed = rows.filter((row) => row.in_app).map((row) => row.id);
  if (pushed.length) await deps.jobs.enqueue(tx, PUSH_MANY_JOB, { notificationIds: pushed });
  return rows.length;
}

export function registerPushAndDigest(deps: Deps) {
  deps.jobs.register(PUSH_JOB, async (payload) => {
    const row = await notificationById(deps.db, payload.notificationId);
    if (!row) return;
    const [notification] = await present(deps, [row]);
    deps.realtime
      .toUser(row.userId)
      .emit('notification_created', { notification: notification!, unread: await unreadCount(deps.db, row.userId) });
  });
  // A batch reads alike to each of its people: presented once, sent to each with their unread count (two queries in all).
  deps.jobs.register(PUSH_MANY_JOB, async (payload) => {
    const ids = payload.notificationIds;
    const rows = ids.length ? await notificationsByIds(deps.db, ids) : [];
    if (!rows.length) return;
    const [shape] = await present(deps, [rows[0]!]);
    const unread = await unreadCountsOf(
      deps.db,
      rows.map((row) => row.userId),
    );
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
    const taken = await takeNotificationsToMail(tx, DIGEST_BATCH);
    const byUser = new Map<string, Array<{ text: string; link: string | null }>>();
    for (const row of taken) {
      byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), { text: row.text, link: row.link }]);
    }
    if (!byUser.size) return;
    const people = await digestRecipients(tx, [...byUser.keys()]);
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

/** `GET /notifications`: the owner's, newest first (index-backed), optionally only the unread. */
export async function listNotifications(
  deps: Deps,
  owner: SessionUser,
  query: { offset: number; limit: number; unread?: 'true' | 'false' },
) {
  const [{ rows, total }, unread] = await Promise.all([pageOfNotifications(deps.db, owner.id, query), unreadCount(deps.db, owner.id)]);
  return { data: await present(deps, rows), total, unread };
}

export async function markRead(deps: Deps, owner: SessionUser, id: string) {
  const row = await markNotificationRead(deps.db, owner.id, id);
  if (!row) throw notFound('Notification');
  return (await present(deps, [row]))[0]!;
}

export async function markAllRead(deps: Deps, owner: SessionUser) {
  await markAllNotificationsRead(deps.db, owner.id);
  return { total: 0 };
}

/** Every kind of the owner's role with their channels, their choice or the default. */
export async function settingsOf(deps: Deps, owner: SessionUser): Promise<NotificationSetting[]> {
  const chosen = await chosenChannels(deps.db, owner.id);
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
