import type { EmailTemplateEdit, NotificationKind } from '@limelight/contracts';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/read/users';
import { emailTemplates, notificationPreferences } from '../../db/schema/emails';

/** The account's own e-mail choices for these notification kinds (a kind it never chose is absent). */
export const emailChoicesOf = (db: Queryable, userId: string, kinds: NotificationKind[]) =>
  db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), inArray(notificationPreferences.kind, kinds)));

/** Saves these kinds' e-mail switches; a kind already chosen keeps its in-app choice. */
export const saveEmailChoices = (db: Queryable, rows: Array<typeof notificationPreferences.$inferInsert>) =>
  db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: sql`excluded.email` },
    });

/** Saves these kinds' channels, in-app and e-mail. */
export const saveNotificationChannels = (db: Queryable, rows: Array<typeof notificationPreferences.$inferInsert>) =>
  db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` },
    });

/** Whether the account exists: its id, or nothing. */
export async function accountIdOf(db: Queryable, userId: string) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return user;
}

/** The address of the first active admin who has one. */
export async function firstAdminEmail(db: Queryable) {
  const [admin] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), isNotNull(users.email)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return admin?.email ?? undefined;
}

/** The admin's edit of one template, if any. */
export async function templateOverrideOf(db: Queryable, key: string) {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.key, key));
  return row;
}

/** Every template the admin edited. */
export const templateOverrides = (db: Queryable) => db.select().from(emailTemplates);

/** Saves the admin's edit of a template, replacing an earlier one. */
export async function saveTemplateOverride(tx: Queryable, key: string, edit: EmailTemplateEdit, updatedBy: string | null) {
  const [row] = await tx
    .insert(emailTemplates)
    .values({ key, ...edit, updatedBy })
    .onConflictDoUpdate({ target: emailTemplates.key, set: { ...edit, updatedBy, updatedAt: sql`now()` } })
    .returning();
  return row;
}

/** Drops the admin's edit of a template: the edit removed, if there was one. */
export async function deleteTemplateOverride(tx: Queryable, key: string) {
  const [removed] = await tx.delete(emailTemplates).where(eq(emailTemplates.key, key)).returning();
  return removed;
}
