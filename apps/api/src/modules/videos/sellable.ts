import { eq } from 'drizzle-orm';
import { videos } from '../../db/schema/videos';
import type { Sellable } from '../../deps';
import { commentCounter } from '../../platform/counters';
import { itemSale, performerOf } from '../../platform/selling';
import { commentedItem } from '../access';
import { countVideoLikes, openedVideo, visibleVideo } from './service';

/** A video, as everything that sells, likes, comments on or reports one asks for it (decision 076). */
export const videoSellable: Sellable = {
  type: 'video',
  noun: 'video',
  refundedAs: 'a video',
  sell: async (deps, fan, id) => itemSale(await visibleVideo(deps, fan, id)),
  reach: visibleVideo,
  countLikes: countVideoLikes,
  comments: { find: commentedItem('video', openedVideo), owner: performerOf(videos), count: commentCounter(videos), page: 'video' },
  moderation: async (db, id) => {
    const [row] = await db.select().from(videos).where(eq(videos.id, id));
    return (
      row && {
        ownerId: row.performerId,
        title: row.title,
        text: row.description,
        fileIds: [row.fileId, row.teaserFileId, row.thumbnailFileId].filter((fileId) => fileId !== null),
        library: 'videos',
      }
    );
  },
};
