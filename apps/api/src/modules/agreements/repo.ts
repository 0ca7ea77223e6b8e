import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { agreements } from '../../db/schema/agreements';

/** Records these acceptances; those already recorded stay as they were. */
export async function insertAgreements(tx: Queryable, rows: Array<typeof agreements.$inferInsert>) {
  await tx.insert(agreements).values(rows).onConflictDoNothing();
}

/** The document versions the account accepted. */
export const acceptedVersions = (db: Queryable, userId: string) =>
  db.select({ document: agreements.document, version: agreements.version }).from(agreements).where(eq(agreements.userId, userId));

/** Every acceptance of the account, oldest first. */
export const agreementsOf = (db: Queryable, userId: string) =>
  db
    .select()
    .from(agreements)
    .where(and(eq(agreements.userId, userId)))
    .orderBy(asc(agreements.acceptedAt), asc(agreements.document));
