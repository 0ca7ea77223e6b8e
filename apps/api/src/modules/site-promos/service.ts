import { randomUUID } from 'node:crypto';
import type { saveSitePromoSchema } from '@limelight/contracts';
import type { z } from 'zod';
import type { sitePromos } from '../../db/schema/site-promos';
import type { Deps } from '../../deps';
import { notFound } from '../../platform/errors';
import { processImage } from '../../platform/images';
import { PUBLIC_PREFIX, publicUrl } from '../../platform/storage';
import { deletePromoRow, insertPromo, type PromoQuery, promoById, promosPage, setPromo } from './repo';

type PromoRow = typeof sitePromos.$inferSelect;
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

/** Visitors see active banners inside their time window; the admin sees all and may filter by status. */
export async function searchPromos(deps: Deps, query: PromoQuery, liveOnly: boolean) {
  const { rows, total } = await promosPage(deps.db, query, liveOnly);
  return { data: rows.map(presentPromo), total };
}

const columnsOf = (input: PromoValues) => ({
  ...input,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
});

export async function createPromo(deps: Deps, input: PromoValues) {
  return presentPromo(await insertPromo(deps.db, columnsOf(input)));
}

export async function updatePromo(deps: Deps, id: string, input: PromoValues) {
  const row = await setPromo(deps.db, id, columnsOf(input));
  if (!row) throw notFound('Site promo');
  return presentPromo(row);
}

export async function deletePromo(deps: Deps, id: string) {
  const row = await deletePromoRow(deps.db, id);
  if (!row) throw notFound('Site promo');
  if (row.imageKey) await removeQuietly(deps, row.imageKey);
}

/** Stores the banner image (resized, EXIF gone, WebP) under a fresh key and drops the old one. */
export async function replacePromoImage(deps: Deps, id: string, upload: Buffer) {
  const existing = await promoById(deps.db, id);
  if (!existing) throw notFound('Site promo');
  const image = await processImage(upload, BANNER_BOX);
  const key = `${PUBLIC_PREFIX}promos/${randomUUID()}.webp`;
  await deps.storage.put(key, image.data);
  const row = await setPromo(deps.db, id, { imageKey: key });
  if (existing.imageKey) await removeQuietly(deps, existing.imageKey);
  return presentPromo(row!);
}

const removeQuietly = (deps: Deps, key: string) =>
  deps.storage.remove(key).catch((error: unknown) => deps.log.warn({ err: error, key }, 'old banner not removed'));
