import { eq } from 'drizzle-orm';
import { galleries, photos } from '../../db/schema/galleries';
import type { Sellable } from '../../deps';
import { commentCounter } from '../../platform/counters';
import { itemSale, performerOf } from '../../platform/selling';
import { commentedItem } from '../access';
import { countGalleryLikes, openedGallery, visibleGallery } from './service';

/** A gallery, as everything that sells, likes, comments on or reports one asks for it (decision 076). */
export const gallerySellable: Sellable = {
  type: 'gallery',
  noun: 'gallery',
  refundedAs: 'a gallery',
  sell: async (deps, fan, id) => itemSale(await visibleGallery(deps, fan, id)),
  reach: visibleGallery,
  countLikes: countGalleryLikes,
  comments: {
    find: commentedItem('gallery', openedGallery),
    owner: performerOf(galleries),
    count: commentCounter(galleries),
    page: 'gallery',
  },
  moderation: async (db, id) => {
    const [row] = await db.select().from(galleries).where(eq(galleries.id, id));
    if (!row) return undefined;
    const rows = await db.select({ id: photos.fileId }).from(photos).where(eq(photos.galleryId, id));
    return {
      ownerId: row.performerId,
      title: row.title,
      text: row.description,
      fileIds: rows.map((photo) => photo.id),
      library: 'galleries',
    };
  },
};
