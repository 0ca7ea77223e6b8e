import type { Sellable } from '../../deps';
import { itemSale } from '../../platform/selling';
import { commentedItem } from '../access';
import { countGalleryComments, countGalleryLikes, findGallery, galleryOwnerOf, photoFileIdsOf } from './repo';
import { openedGallery, visibleGallery } from './service';

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
    owner: galleryOwnerOf,
    count: countGalleryComments,
    page: 'gallery',
  },
  moderation: async (db, id) => {
    const row = await findGallery(db, id);
    if (!row) return undefined;
    return {
      ownerId: row.performerId,
      title: row.title,
      text: row.description,
      fileIds: await photoFileIdsOf(db, id),
      library: 'galleries',
    };
  },
};
