import { type Feed, fromCents } from '@limelight/contracts';
import { asc, eq, inArray } from 'drizzle-orm';
import { feedFiles, type feeds, files } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { accessTo } from '../access';
import { presentMediaFile } from '../media';
import { viewerReactions } from '../reactions';
import { publicUsersById } from '../users';
import { pollsFor } from './polls';

export type FeedRow = typeof feeds.$inferSelect;

/**
 * Posts as one viewer sees them: a fixed number of queries for a whole page (access, media,
 * thumbnails and teasers, polls, authors, the viewer's reactions), never one per post.
 */
export async function presentFeeds(deps: Deps, viewer: SessionUser | undefined, rows: FeedRow[]): Promise<Feed[]> {
  if (!rows.length) return [];
  const feedIds = rows.map((row) => row.id);
  const extraFileIds = rows.flatMap((row) => [row.thumbnailFileId, row.teaserFileId]).filter((id): id is string => !!id);
  const [access, media, extras, polls, authors, reactedTo] = await Promise.all([
    accessTo(
      deps.db,
      viewer,
      'feed',
      rows.map((row) => ({ id: row.id, performerId: row.performerId, isSale: row.isSale, priceCents: row.priceCents })),
    ),
    deps.db
      .select({ feedId: feedFiles.feedId, file: files })
      .from(feedFiles)
      .innerJoin(files, eq(files.id, feedFiles.fileId))
      .where(inArray(feedFiles.feedId, feedIds))
      .orderBy(asc(feedFiles.position)),
    extraFileIds.length ? deps.db.select().from(files).where(inArray(files.id, extraFileIds)) : Promise.resolve([]),
    pollsFor(
      deps.db,
      rows.flatMap((row) => (row.pollId ? [row.pollId] : [])),
      viewer,
    ),
    publicUsersById(
      deps.db,
      rows.map((row) => row.performerId),
    ),
    viewerReactions(deps.db, viewer, 'feed', feedIds),
  ]);
  const extraById = new Map(extras.map((file) => [file.id, file]));

  return rows.map((row) => {
    const { canView, isSubscribed, isBought } = access.get(row.id)!;
    const signed = { signer: deps.mediaSigner, canView };
    const extra = (id: string | null) => {
      const file = id ? extraById.get(id) : undefined;
      return file ? presentMediaFile(file, signed) : null;
    };
    return {
      _id: row.id,
      type: row.type,
      text: row.text,
      performer: authors.get(row.performerId)!,
      files: media.filter((item) => item.feedId === row.id).map((item) => presentMediaFile(item.file, signed)),
      thumbnail: extra(row.thumbnailFileId),
      teaser: extra(row.teaserFileId),
      poll: row.pollId ? (polls.get(row.pollId) ?? null) : null,
      status: row.status,
      isSale: row.isSale,
      price: fromCents(row.priceCents),
      isPinned: row.isPinned,
      scheduleAt: row.scheduleAt?.toISOString() ?? null,
      publishedAt: row.publishedAt.toISOString(),
      likeCount: row.likeCount,
      commentCount: row.commentCount,
      isLiked: reactedTo(row.id, 'like'),
      isBookmarked: reactedTo(row.id, 'bookmark'),
      isSubscribed,
      isBought,
      canView,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}
