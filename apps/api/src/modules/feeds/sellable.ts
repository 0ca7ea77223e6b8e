import { eq } from 'drizzle-orm';
import { feedFiles, feeds } from '../../db/schema/feeds';
import type { Sellable } from '../../deps';
import { commentCounter } from '../../platform/counters';
import { itemSale, performerOf } from '../../platform/selling';
import { commentedItem } from '../access';
import { countFeedLikes, openedFeed, visibleFeed } from './service';

/** A post, as everything that sells, likes, comments on or reports one asks for it (decision 076). */
export const feedSellable: Sellable = {
  type: 'feed',
  noun: 'post',
  refundedAs: 'a post',
  sell: async (deps, fan, id) => itemSale(await visibleFeed(deps, fan, id)),
  reach: visibleFeed,
  countLikes: countFeedLikes,
  comments: { find: commentedItem('feed', openedFeed), owner: performerOf(feeds), count: commentCounter(feeds), page: 'post' },
  moderation: async (db, id) => {
    const [row] = await db.select().from(feeds).where(eq(feeds.id, id));
    if (!row) return undefined;
    const attached = await db.select({ id: feedFiles.fileId }).from(feedFiles).where(eq(feedFiles.feedId, id));
    return {
      ownerId: row.performerId,
      title: 'Post',
      text: row.text,
      fileIds: [...attached.map((file) => file.id), row.thumbnailFileId, row.teaserFileId].filter((fileId) => fileId !== null),
      library: 'feeds',
    };
  },
};
