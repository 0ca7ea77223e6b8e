import type { Sellable } from '../../deps';
import { itemSale } from '../../platform/selling';
import { commentedItem } from '../access';
import { countFeedComments, countFeedLikes, feedOwnerOf, findFeed, mediaFileIdsOf } from './repo/feeds';
import { openedFeed, visibleFeed } from './service';

/** A post, as everything that sells, likes, comments on or reports one asks for it (decision 076). */
export const feedSellable: Sellable = {
  type: 'feed',
  noun: 'post',
  refundedAs: 'a post',
  sell: async (deps, fan, id) => itemSale(await visibleFeed(deps, fan, id)),
  reach: visibleFeed,
  countLikes: countFeedLikes,
  comments: { find: commentedItem('feed', openedFeed), owner: feedOwnerOf, count: countFeedComments, page: 'post' },
  moderation: async (db, id) => {
    const row = await findFeed(db, id);
    if (!row) return undefined;
    const attached = await mediaFileIdsOf(db, id);
    return {
      ownerId: row.performerId,
      title: 'Post',
      text: row.text,
      fileIds: [...attached, row.thumbnailFileId, row.teaserFileId].filter((fileId) => fileId !== null),
      library: 'feeds',
    };
  },
};
