import { randomUUID } from 'node:crypto';
import type { adminSitePromoSearchQuerySchema, saveSitePromoSchema, sitePromoSearchQuerySchema } from '@limelight/contracts';
import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { pageOf } from '../../db/paging';
import { sitePromos } from '../../db/schema/site-promos';
import type { Deps } from '../../deps';
import { notFound } from '../../platform/errors';
import { orderBy } from '../../platform/http';
import { processImage } from '../../platform/images';
import { PUBLIC_PREFIX, publicUrl } from '../../platform/storage';

type PromoRow = typeof sitePromos.$inferSelect;
type PromoQuery = z.output<typeof sitePromoSearchQuerySchema> & Partial<z.output<typeof adminSitePromoSearchQuerySchema>>;
type PromoValues = z.output<typeof saveSitePromoSchema>;

const BANNER_BOX = { width: 1920, height: 800 };

export const presentPromo = (row: PromoRow) => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  href: row.href,
  imageUrl: row.imageKey ? publicUrl(row.imageKey) : null,
  position: row.position,
  status: row.status,
  ordering: row.ordering,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const sortable = { ordering: sitePromos.ordering, updatedAt: sitePromos.updatedAt, createdAt: sitePromos.createdAt };

/** Visitors see active banners inside their time window; the admin sees all and may filter by status. */
export async function searchPromos(deps: Deps, query: PromoQuery, liveOnly: boolean) {
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
  const { rows, total } = await pageOf(
    deps.db
      .select()
      .from(sitePromos)
      .where(where)
      .orderBy(...orderBy(sortable, query.sortBy ?? 'ordering', query.sort ?? 'asc', sitePromos.id))
      .$dynamic(),
    query,
    deps.db.$count(sitePromos, where),
  );
  return { data: rows.map(presentPromo), total };
}

const columnsOf = (input: PromoValues) => ({
  ...input,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
});

export async function createPromo(deps: Deps, input: PromoValues) {
  const [row] = await deps.db.insert(sitePromos).values(columnsOf(input)).returning();
  return presentPromo(row!);
}

export async function updatePromo(deps: Deps, id: string, input: PromoValues) {
  const [row] = await deps.db.update(sitePromos).set(columnsOf(input)).where(eq(sitePromos.id, id)).returning();
  if (!row) throw notFound('Site promo');
  return presentPromo(row);
}

export async function deletePromo(deps: Deps, id: string) {
  const [row] = await deps.db.delete(sitePromos).where(eq(sitePromos.id, id)).returning();
  if (!row) throw notFound('Site promo');
  if (row.imageKey) await removeQuietly(deps, row.imageKey);
}

/** Stores the banner image (resized, EXIF gone, WebP) under a fresh key and drops the old one. */
export async function replacePromoImage(deps: Deps, id: string, upload: Buffer) {
  const [existing] = await deps.db.select().from(sitePromos).where(eq(sitePromos.id, id));
  if (!existing) throw notFound('Site promo');
  const image = await processImage(upload, BANNER_BOX);
  const key = `${PUBLIC_PREFIX}promos/${randomUUID()}.webp`;
  await deps.storage.put(key, image.data);
  const [row] = await deps.db.update(sitePromos).set({ imageKey: key }).where(eq(sitePromos.id, id)).returning();
  if (existing.imageKey) await removeQuietly(deps, existing.imageKey);
  return presentPromo(row!);
}

const removeQuietly = (deps: Deps, key: string) =>
  deps.storage.remove(key).catch((error: unknown) => deps.log.warn({ err: error, key }, 'old banner not removed'));
