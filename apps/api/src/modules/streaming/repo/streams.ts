import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { streams } from '../../../db/schema/streaming';

type StreamRow = typeof streams.$inferSelect;

/** The creator's stream record, none before its first use. */
export async function streamOfCreator(db: Queryable, performerId: string) {
  const [row] = await db.select().from(streams).where(eq(streams.performerId, performerId));
  return row;
}

/** The creator's stream record, made on first use (one per creator). */
export async function streamOf(db: Queryable, performerId: string): Promise<StreamRow> {
  await db.insert(streams).values({ performerId }).onConflictDoNothing({ target: streams.performerId });
  return (await streamOfCreator(db, performerId))!;
}

/** The private show price (cents) of each of these streams. */
export const privateShowPrices = (db: Queryable, streamIds: string[]) =>
  db.select({ id: streams.id, cents: streams.privateShowPriceCents }).from(streams).where(inArray(streams.id, streamIds));

/** Saves a stream's settings; returns its row. */
export async function saveStreamSettings(db: Queryable, id: string, values: Partial<typeof streams.$inferInsert>) {
  const [updated] = await db.update(streams).set(values).where(eq(streams.id, id)).returning();
  return updated!;
}

/** The stream whose key has this SHA-256. */
export async function streamByKeyHash(db: Queryable, keyHash: string) {
  const [row] = await db.select().from(streams).where(eq(streams.streamKeyHash, keyHash));
  return row;
}

/** Sets the slow mode of a stream's chat. */
export async function setSlowMode(db: Queryable, streamId: string, slowModeSeconds: number) {
  await db.update(streams).set({ slowModeSeconds }).where(eq(streams.id, streamId));
}
