import type { Queryable } from '../../db/client';
import { settings } from '../../db/schema/settings';

/** Stores an admin's value of one setting, replacing the one stored before. */
export async function storeSetting(db: Queryable, key: string, value: unknown, adminId: string) {
  await db
    .insert(settings)
    .values({ key, value, updatedBy: adminId })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: adminId, updatedAt: new Date() } });
}
