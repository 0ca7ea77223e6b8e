import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { galleries, videos } from '../../db/schema';
import type { SessionUser } from '../../platform/auth';

type LibraryTable = typeof videos | typeof galleries;

/**
 * Counts one view of a video or gallery the viewer may see and returns the count. A creator
 * looking at their own work is not a view: it would inflate the numbers they judge fans by.
 */
export async function countView(
  db: Database,
  table: LibraryTable,
  item: { id: string; performerId: string; viewCount: number },
  viewer?: SessionUser,
) {
  if (viewer?.id === item.performerId) return { views: item.viewCount };
  const [row] = await db
    .update(table)
    .set({ viewCount: sql`${table.viewCount} + 1` })
    .where(eq(table.id, item.id))
    .returning({ views: table.viewCount });
  return { views: row!.views };
}
