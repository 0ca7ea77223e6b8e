import type { adminSitePromoSearchQuerySchema, sitePromoSearchQuerySchema } from '@limelight/contracts';
import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { sitePromos } from '../../db/schema/site-promos';
import { orderBy } from '../../platform/http';

export type PromoQuery = z.output<typeof sitePromoSearchQuerySchema> & Partial<z.output<typeof adminSitePromoSearchQuerySchema>>;
type PromoColumns = Partial<typeof sitePromos.$inferInsert>;

const sortable = { ordering: sitePromos.ordering, updatedAt: sitePromos.updatedAt, createdAt: sitePromos.createdAt };

/** One page of banners of a position, the active ones inside their time window when `liveOnly`, with the count. */
export function promosPage(db: Queryable, query: PromoQuery, liveOnly: boolean) {
  const filters: SQL[] = [];
  if (query.position) filters.push(eq(sitePromos.position, query.position));
  if (liveOnly) {
    const now = new Date();
    filters.push(
      eq(sitePromos.status, 'active'),
      or(isNull(sitePromos.startsAt), lte(sitePromos.startsAt, now))!,
      or(isNull(sitePromos.endsAt), gt(sitePromos.endsAt, now))!,
    );
  } else if (query.status) filters.push(eq(sitePromos.status, query.status));
  const where = and(...filters);
  return pageOf(
    db
      .select()
      .from(sitePromos)
      .where(where)
      .orderBy(...orderBy(sortable, query.sortBy ?? 'ordering', query.sort ?? 'asc', sitePromos.id))
      .$dynamic(),
    query,
    db.$count(sitePromos, where),
  );
}

/** The banner with this id. */
export async function promoById(db: Queryable, id: string) {
  const [row] = await db.select().from(sitePromos).where(eq(sitePromos.id, id));
  return row;
}

/** Inserts a banner and returns its row. */
export async function insertPromo(db: Queryable, values: typeof sitePromos.$inferInsert) {
  const [row] = await db.insert(sitePromos).values(values).returning();
  return row!;
}

/** Sets a banner's columns; returns its row, none when it is gone. */
export async function setPromo(db: Queryable, id: string, columns: PromoColumns) {
  const [row] = await db.update(sitePromos).set(columns).where(eq(sitePromos.id, id)).returning();
  return row;
}

/** Deletes a banner; returns its row, none when it was gone. */
export async function deletePromoRow(db: Queryable, id: string) {
  const [row] = await db.delete(sitePromos).where(eq(sitePromos.id, id)).returning();
  return row;
}
