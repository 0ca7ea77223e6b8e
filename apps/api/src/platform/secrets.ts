import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { appSecrets } from '../db/schema/platform/secrets';

/**
 * The named secret, made on first use; concurrent first starts agree on one value. Read first:
 * once it exists (every start but the first) a start writes nothing, where the insert that finds
 * it was a write transaction, a WAL flush on the embedded database, at every start.
 */
export async function sharedSecret(db: Queryable, name: string): Promise<string> {
  const [existing] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (existing) return existing.value;
  await db
    .insert(appSecrets)
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  return row!.value;
}
