import type { Sellable } from '../../deps';
import { itemSale } from '../../platform/selling';
import { commentedItem } from '../access';
import { countVideoComments, countVideoLikes, findVideo, videoOwnerOf } from './repo';
import { openedVideo, visibleVideo } from './service';

/** A video, as everything that sells, likes, comments on or reports one asks for it (decision 076). */
export const videoSellable: Sellable = {
  type: 'video',
  noun: 'video',
  refundedAs: 'a video',
  sell: async (deps, fan, id) => itemSale(await visibleVideo(deps, fan, id)),
  reach: visibleVideo,
  countLikes: countVideoLikes,
  comments: { find: commentedItem('video', openedVideo), owner: videoOwnerOf, count: countVideoComments, page: 'video' },
  moderation: async (db, id) => {
    const row = await findVideo(db, id);
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
