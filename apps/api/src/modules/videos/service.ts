import {
  fromCents,
  type performerVideoQuerySchema,
  saveVideoSchema,
  toCents,
  type Video,
  type videoSearchQuerySchema,
} from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound, parseOrThrow } from '../../platform/errors';
import { readMediaForm } from '../../platform/uploads';
import { accessTo, assertMayReach, boughtAmong, ownHolds } from '../access';
import { withdrawOwnFromReview } from '../library';
import {
  deleteFileRecords,
  type KeptUpload,
  keepUpload,
  presentMediaFile,
  queueProcessing,
  removeStored,
  saveImageFile,
  VIDEO_UPLOAD,
} from '../media';
import { holdForReview, isReviewedBeforePublication, waitsForReview } from '../moderation';
import { bookmarkedPage, viewerReactions } from '../reactions';
import { publicUsersById } from '../users';
import {
  clearVideoFile,
  countVideoView,
  deleteVideos,
  filesByIds,
  insertVideo,
  keepSoldVideos,
  lockedVideosOf,
  openedVideoRow,
  ownVideoRow,
  ownVideosPage,
  shownVideoIds,
  shownVideosPage,
  updateVideo,
  type VideoFileColumn,
  type VideoRow,
  videosByIds,
  visibleVideoRow,
} from './repo';

const filesOf = (video: VideoRow) => [video.fileId, video.teaserFileId, video.thumbnailFileId].filter((id): id is string => !!id);

/**
 * Creates (no `id`) or edits a video from a multipart form: the text fields, and the files
 * `video` (required to create), `teaser` and `thumbnail`. Replaced files are removed afterwards.
 */
export async function saveVideo(deps: Deps, performer: SessionUser, request: FastifyRequest, id?: string) {
  const form = await readMediaForm(request, { spooled: { video: VIDEO_UPLOAD, teaser: VIDEO_UPLOAD }, images: ['thumbnail'] });
  const kept: { video?: KeptUpload; teaser?: KeptUpload } = {};
  let committed = false;
  try {
    const input = parseOrThrow(saveVideoSchema, form.fields);
    if (!id && !form.spooled.video) throw badRequest('video is required', [{ field: 'video', message: 'is required' }]);
    for (const field of ['video', 'teaser'] as const) {
      const upload = form.spooled[field];
      if (upload) kept[field] = await keepUpload(deps, upload, { owner: performer, medium: 'video', field });
    }
    const { row, replaced } = await deps.db.transaction(async (tx) => {
      const existing = id ? await ownVideoRow(tx, performer, id, true) : undefined;
      const fileIds: Partial<Record<VideoFileColumn, string>> = {};
      if (kept.video)
        fileIds.fileId = (
          await queueProcessing(deps, tx, {
            ownerId: performer.id,
            type: 'performer-video',
            media: 'video',
            access: 'protected',
            ...kept.video,
          })
        ).id;
      if (kept.teaser)
        fileIds.teaserFileId = (
          await queueProcessing(deps, tx, { ownerId: performer.id, type: 'video-teaser', media: 'video', access: 'public', ...kept.teaser })
        ).id;
      if (form.images.thumbnail) {
        fileIds.thumbnailFileId = (
          await saveImageFile(deps, tx, { ownerId: performer.id, type: 'video-thumbnail', access: 'public' }, form.images.thumbnail)
        ).id;
      }
      const values = { ...input, priceCents: input.isSale ? toCents(input.price) : 0, ...fileIds };
      const saved = existing ? await updateVideo(tx, existing.id, values) : await insertVideo(tx, { ...values, performerId: performer.id });
      // A reviewed creator's video waits for an admin (decision 054); an edit while it waits holds its new files too.
      const reviewed = existing
        ? await waitsForReview(tx, existing.id)
        : await isReviewedBeforePublication(tx, deps.settings.get('reviewBeforePublication'), performer.id);
      if (reviewed) {
        await holdForReview(tx, { targetType: 'video', targetId: saved.id, ownerId: performer.id, fileIds: filesOf(saved) }, !!existing);
      }
      const previous = existing ? (Object.keys(fileIds) as VideoFileColumn[]).flatMap((column) => existing[column] ?? []) : [];
      return { row: saved, replaced: await deleteFileRecords(tx, previous) };
    });
    committed = true;
    await removeStored(deps, replaced);
    return (await presentVideos(deps, performer, [row]))[0]!;
  } catch (error) {
    // A refused teaser, or a failed save, leaves no kept upload behind; once saved, the jobs own them.
    if (!committed) await Promise.all(Object.values(kept).map((upload) => deps.storage.remove(upload.uploadKey)));
    throw error;
  } finally {
    await form.discard();
  }
}

/** Takes the teaser or thumbnail off a video. */
export async function removeVideoFile(deps: Deps, performer: SessionUser, id: string, type: 'teaser' | 'thumbnail') {
  const column = type === 'teaser' ? 'teaserFileId' : 'thumbnailFileId';
  const removed = await deps.db.transaction(async (tx) => {
    const video = await ownVideoRow(tx, performer, id, true);
    await clearVideoFile(tx, id, column);
    return deleteFileRecords(tx, video[column] ? [video[column]!] : []);
  });
  await removeStored(deps, removed);
  return ownVideo(deps, performer, id);
}

/**
 * Deletes a video. Once bought it stays its buyers' (domain rules: what a fan bought stays
 * theirs): it leaves sale and every list, and keeps its files for them. A video nobody bought
 * goes with its files.
 */
export async function deleteVideo(deps: Deps, performer: SessionUser, id: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const video = await ownVideoRow(tx, performer, id, true);
    await withdrawOwnFromReview(tx, performer, { targetType: 'video', targetId: id, fileIds: filesOf(video) });
    return retireVideos(tx, [video]);
  });
  await removeStored(deps, removed);
}

/** All of a creator's videos, retired as `deleteVideo` does one, for an account deleted by its owner; the file records it deleted. */
export const retireCreatorVideos = async (tx: Queryable, performerId: string) => retireVideos(tx, await lockedVideosOf(tx, performerId));

/** Bought videos kept for their buyers, the others deleted with their file records (returned, for their stored objects). */
async function retireVideos(tx: Queryable, rows: VideoRow[]) {
  const gone = await keepSoldVideos(
    tx,
    rows,
    await boughtAmong(
      tx,
      'video',
      rows.map((row) => row.id),
    ),
  );
  if (!gone.length) return [];
  await deleteVideos(
    tx,
    gone.map((row) => row.id),
  );
  return deleteFileRecords(
    tx,
    gone.flatMap((video) => [video.fileId, video.teaserFileId, video.thumbnailFileId]).filter((fileId): fileId is string => !!fileId),
  );
}

export async function ownVideo(deps: Deps, performer: SessionUser, id: string) {
  return (await presentVideos(deps, performer, [await ownVideoRow(deps.db, performer, id)]))[0]!;
}

/** Active videos of listed creators, for visitors and fans, with what each viewer may play. */
export async function searchVideos(deps: Deps, viewer: SessionUser | undefined, query: z.output<typeof videoSearchQuerySchema>) {
  if (query.performerId) await assertMayReach(deps.db, viewer, query.performerId);
  return shownVideosPage(deps, viewer, query, (rows) => presentVideos(deps, viewer, rows));
}

/** The creator's own library, drafts and inactive videos included. */
export async function performerVideos(deps: Deps, performer: SessionUser, query: z.output<typeof performerVideoQuerySchema>) {
  return ownVideosPage(deps, performer, query, (rows) => presentVideos(deps, performer, rows));
}

/** One video for a visitor: active and its creator listed, unless the viewer owns it or is an admin. */
export const visibleVideo = (deps: Deps, viewer: SessionUser | undefined, id: string) => visibleVideoRow(deps.db, viewer, id);

/** A video's own page: a visible one, or one its creator deleted to its buyers alone. */
export const openedVideo = (deps: Deps, viewer: SessionUser | undefined, id: string) => openedVideoRow(deps.db, viewer, id);

export async function videoForViewer(deps: Deps, viewer: SessionUser | undefined, id: string) {
  return (await presentVideos(deps, viewer, [await openedVideo(deps, viewer, id)]))[0]!;
}

/** A view of the video's page, whoever may open it (a deleted one's buyers too). */
export async function addView(deps: Deps, viewer: SessionUser | undefined, id: string) {
  return countVideoView(deps.db, await openedVideo(deps, viewer, id), viewer);
}

export async function videoFileStatus(deps: Deps, viewer: SessionUser | undefined, id: string, fileId: string) {
  const video = await videoForViewer(deps, viewer, id);
  const file = [video.video, video.teaser, video.thumbnail].find((item) => item?._id === fileId);
  if (!file) throw notFound('File');
  return file;
}

/** Videos as one viewer sees them: a fixed number of queries for a page. */
export async function presentVideos(deps: Deps, viewer: SessionUser | undefined, rows: VideoRow[]): Promise<Video[]> {
  if (!rows.length) return [];
  const fileIds = rows.flatMap(filesOf);
  const [access, videoFiles, authors, reactedTo, heldMark] = await Promise.all([
    accessTo(
      deps.db,
      viewer,
      'video',
      rows.map((row) => ({ id: row.id, performerId: row.performerId, isSale: row.isSale, priceCents: row.priceCents })),
    ),
    fileIds.length ? filesByIds(deps.db, fileIds) : Promise.resolve([]),
    publicUsersById(
      deps.db,
      rows.map((row) => row.performerId),
    ),
    viewerReactions(
      deps.db,
      viewer,
      'video',
      rows.map((row) => row.id),
    ),
    ownHolds(deps.db, viewer, rows),
  ]);
  return rows.map((row) => {
    const { canView, isSubscribed, isBought } = access.get(row.id)!;
    const file = (fileId: string | null) => {
      const found = fileId ? videoFiles.find((item) => item.id === fileId) : undefined;
      return found ? presentMediaFile(found, { signer: deps.mediaSigner, canView }) : null;
    };
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      status: row.status,
      tags: row.tags,
      isSale: row.isSale,
      price: fromCents(row.priceCents),
      performer: authors.get(row.performerId)!,
      video: file(row.fileId),
      teaser: file(row.teaserFileId),
      thumbnail: file(row.thumbnailFileId),
      stats: { views: row.viewCount, likes: row.likeCount, comments: row.commentCount },
      isLiked: reactedTo(row.id, 'like'),
      isBookmarked: reactedTo(row.id, 'bookmark'),
      isSubscribed,
      isBought,
      canView,
      moderation: heldMark(row.id),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** The videos the user bookmarked that are still shown, newest bookmark first. */
export async function bookmarkedVideos(deps: Deps, viewer: SessionUser, page: { offset: number; limit: number }) {
  const { data, total } = await bookmarkedPage(
    deps.db,
    viewer,
    'video',
    {
      shownIds: shownVideoIds(deps.db, viewer),
      load: (ids) => videosByIds(deps.db, ids),
      present: (rows) => presentVideos(deps, viewer, rows),
    },
    page,
  );
  return { data: data.map(({ item, ...bookmark }) => ({ ...bookmark, video: item })), total };
}
