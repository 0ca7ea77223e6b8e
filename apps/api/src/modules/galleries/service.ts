import {
  fromCents,
  type Gallery,
  type gallerySearchQuerySchema,
  type Photo,
  type performerGalleryQuerySchema,
  type photoQuerySchema,
  type saveGallerySchema,
  toCents,
  uploadPhotoFieldsSchema,
} from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound, parseOrThrow } from '../../platform/errors';
import { readMediaForm } from '../../platform/uploads';
import { accessTo, assertMayReach, boughtAmong, canViewOne, ownHolds } from '../access';
import { withdrawOwnFromReview } from '../library';
import { deleteFileRecords, presentMediaFile, removeStored, saveImageFile } from '../media';
import { holdForReview, isReviewedBeforePublication, waitsForReview } from '../moderation';
import { bookmarkedPage, viewerReactions } from '../reactions';
import { publicUsersById } from '../users';
import {
  countAddedPhoto,
  countGalleryView,
  countRemovedPhoto,
  coversFor,
  creatorPhotosPage,
  deleteGalleries,
  deleteOwnPhoto,
  filesByIds,
  findOwnPhoto,
  type GalleryRow,
  galleriesByIds,
  galleryPhotosPage,
  insertGallery,
  insertPhoto,
  keepSoldGalleries,
  lockedGalleriesOf,
  oldestPhotoOf,
  openedGalleryRow,
  ownGalleriesPage,
  ownGalleryRow,
  type PhotoRow,
  photoFileIdsOf,
  photoFileIdsOfGalleries,
  retitleOwnPhoto,
  setCoverPhoto,
  setGalleryFields,
  shownGalleriesPage,
  shownGalleryIds,
  visibleGalleryRow,
} from './repo';

type GalleryInput = z.output<typeof saveGallerySchema>;

const columnsOf = ({ price, ...input }: GalleryInput) => ({ ...input, priceCents: input.isSale ? toCents(price) : 0 });

export async function createGallery(deps: Deps, performer: SessionUser, input: GalleryInput) {
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertGallery(tx, { ...columnsOf(input), performerId: performer.id });
    // A reviewed creator's gallery waits for an admin (decision 054); photos added meanwhile are held with it.
    if (await isReviewedBeforePublication(tx, deps.settings.get('reviewBeforePublication'), performer.id)) {
      await holdForReview(tx, { targetType: 'gallery', targetId: created.id, ownerId: performer.id, fileIds: [] });
    }
    return created;
  });
  return (await presentGalleries(deps, performer, [row]))[0]!;
}

export async function updateGallery(deps: Deps, performer: SessionUser, id: string, input: GalleryInput) {
  const row = await deps.db.transaction(async (tx) => {
    const gallery = await ownGalleryRow(tx, performer, id, true);
    return setGalleryFields(tx, gallery.id, columnsOf(input));
  });
  return (await presentGalleries(deps, performer, [row]))[0]!;
}

/**
 * Deletes a gallery. Once bought it stays its buyers' (domain rules: what a fan bought stays
 * theirs): it leaves sale and every list, and keeps its photos for them. A gallery nobody bought
 * goes with its photos and their files.
 */
export async function deleteGallery(deps: Deps, performer: SessionUser, id: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const gallery = await ownGalleryRow(tx, performer, id, true);
    const fileIds = await photoFileIdsOf(tx, gallery.id);
    await withdrawOwnFromReview(tx, performer, { targetType: 'gallery', targetId: gallery.id, fileIds });
    return retireGalleries(tx, [gallery]);
  });
  await removeStored(deps, removed);
}

/** All of a creator's galleries, retired as `deleteGallery` does one, for an account deleted by its owner; the file records it deleted. */
export const retireCreatorGalleries = async (tx: Queryable, performerId: string) =>
  retireGalleries(tx, await lockedGalleriesOf(tx, performerId));

/** Bought galleries kept for their buyers, the others deleted with their photos' file records (returned, for their stored objects). */
async function retireGalleries(tx: Queryable, rows: GalleryRow[]) {
  const gone = (
    await keepSoldGalleries(
      tx,
      rows,
      await boughtAmong(
        tx,
        'gallery',
        rows.map((row) => row.id),
      ),
    )
  ).map((row) => row.id);
  if (!gone.length) return [];
  const fileIds = await photoFileIdsOfGalleries(tx, gone);
  await deleteGalleries(tx, gone);
  return deleteFileRecords(tx, fileIds);
}

export async function ownGallery(deps: Deps, performer: SessionUser, id: string) {
  return (await presentGalleries(deps, performer, [await ownGalleryRow(deps.db, performer, id)]))[0]!;
}

export async function searchGalleries(deps: Deps, viewer: SessionUser | undefined, query: z.output<typeof gallerySearchQuerySchema>) {
  if (query.performerId) await assertMayReach(deps.db, viewer, query.performerId);
  return shownGalleriesPage(deps, viewer, query, (rows) => presentGalleries(deps, viewer, rows));
}

export async function performerGalleries(deps: Deps, performer: SessionUser, query: z.output<typeof performerGalleryQuerySchema>) {
  return ownGalleriesPage(deps, performer, query, (rows) => presentGalleries(deps, performer, rows));
}

/** One gallery for a visitor: active and its creator listed, unless the viewer owns it or is an admin. */
export const visibleGallery = (deps: Deps, viewer: SessionUser | undefined, id: string) => visibleGalleryRow(deps.db, viewer, id);

/** A gallery's own page and photos: a visible one, or one its creator deleted to its buyers alone. */
export const openedGallery = (deps: Deps, viewer: SessionUser | undefined, id: string) => openedGalleryRow(deps.db, viewer, id);

export async function galleryForViewer(deps: Deps, viewer: SessionUser | undefined, id: string) {
  return (await presentGalleries(deps, viewer, [await openedGallery(deps, viewer, id)]))[0]!;
}

/** A view of the gallery's page, whoever may open it (a deleted one's buyers too). */
export async function addView(deps: Deps, viewer: SessionUser | undefined, id: string) {
  return countGalleryView(deps.db, await openedGallery(deps, viewer, id), viewer);
}

/** Galleries as one viewer sees them: a fixed number of queries for a page. */
export async function presentGalleries(deps: Deps, viewer: SessionUser | undefined, rows: GalleryRow[]): Promise<Gallery[]> {
  if (!rows.length) return [];
  const [access, covers, authors, reactedTo, heldMark] = await Promise.all([
    accessTo(
      deps.db,
      viewer,
      'gallery',
      rows.map((row) => ({ id: row.id, performerId: row.performerId, isSale: row.isSale, priceCents: row.priceCents })),
    ),
    coversFor(deps.db, viewer, rows),
    publicUsersById(
      deps.db,
      rows.map((row) => row.performerId),
    ),
    viewerReactions(
      deps.db,
      viewer,
      'gallery',
      rows.map((row) => row.id),
    ),
    ownHolds(deps.db, viewer, rows),
  ]);
  return rows.map((row) => {
    const { canView, isSubscribed, isBought } = access.get(row.id)!;
    const cover = covers.find((item) => item.galleryId === row.id);
    return {
      _id: row.id,
      title: row.title,
      description: row.description,
      status: row.status,
      isSale: row.isSale,
      price: fromCents(row.priceCents),
      performer: authors.get(row.performerId)!,
      cover: cover ? presentMediaFile(cover.file, { signer: deps.mediaSigner, canView }) : null,
      stats: { photos: row.photoCount, views: row.viewCount, likes: row.likeCount, comments: row.commentCount },
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

/** A photo into one of the creator's galleries (multipart: `photo`, `galleryId`, `title`). */
export async function uploadPhoto(deps: Deps, performer: SessionUser, request: FastifyRequest) {
  const form = await readMediaForm(request, { spooled: {}, images: ['photo'] });
  const { galleryId, title } = parseOrThrow(uploadPhotoFieldsSchema, form.fields);
  if (!form.images.photo) throw badRequest('photo is required', [{ field: 'photo', message: 'is required' }]);
  const { gallery, row } = await deps.db.transaction(async (tx) => {
    // A photo changes the gallery: refused while moderation holds it, held with it while it waits for review.
    const gallery = await ownGalleryRow(tx, performer, galleryId, true);
    const file = await saveImageFile(deps, tx, { ownerId: performer.id, type: 'performer-photo', access: 'protected' }, form.images.photo!);
    const photo = await insertPhoto(tx, { performerId: performer.id, galleryId: gallery.id, title, fileId: file.id });
    await countAddedPhoto(tx, gallery.id, photo.id);
    if (await waitsForReview(tx, gallery.id)) {
      await holdForReview(tx, { targetType: 'gallery', targetId: gallery.id, ownerId: performer.id, fileIds: [file.id] }, true);
    }
    return { gallery, row: photo };
  });
  return (
    await presentPhotos(deps, [row], () => ({ gallery: { ...gallery, coverPhotoId: gallery.coverPhotoId ?? row.id }, canView: true }))
  )[0]!;
}

export async function updatePhoto(deps: Deps, performer: SessionUser, id: string, title: string) {
  const row = await retitleOwnPhoto(deps.db, performer, id, title);
  if (!row) throw notFound('Photo');
  const gallery = await ownGalleryRow(deps.db, performer, row.galleryId);
  return (await presentPhotos(deps, [row], () => ({ gallery, canView: true })))[0]!;
}

/** Removes a photo; the gallery's cover moves to its oldest remaining photo. */
export async function deletePhoto(deps: Deps, performer: SessionUser, id: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const photo = await deleteOwnPhoto(tx, performer, id);
    if (!photo) throw notFound('Photo');
    const next = await oldestPhotoOf(tx, photo.galleryId);
    await countRemovedPhoto(tx, photo.galleryId, photo.id, next?.id ?? null);
    return deleteFileRecords(tx, [photo.fileId]);
  });
  await removeStored(deps, removed);
}

export async function setCover(deps: Deps, performer: SessionUser, photoId: string) {
  const photo = await findOwnPhoto(deps.db, performer, photoId);
  if (!photo) throw notFound('Photo');
  await setCoverPhoto(deps.db, photo.galleryId, photo.id);
  return ownGallery(deps, performer, photo.galleryId);
}

/** A gallery's photos: full pictures for viewers with access to the gallery, else previews. */
export async function galleryPhotos(
  deps: Deps,
  viewer: SessionUser | undefined,
  query: z.output<typeof photoQuerySchema>,
  ownOnly = false,
) {
  const gallery = ownOnly ? await ownGalleryRow(deps.db, viewer!, query.galleryId) : await openedGallery(deps, viewer, query.galleryId);
  const canView = await canViewOne(deps.db, viewer, 'gallery', gallery);
  const { rows, total } = await galleryPhotosPage(deps.db, viewer, gallery.id, query);
  return { data: await presentPhotos(deps, rows, () => ({ gallery, canView })), total };
}

/** A creator's photos across their shown galleries, newest first, each as its gallery allows. */
export async function performerPhotos(
  deps: Deps,
  viewer: SessionUser | undefined,
  performerId: string,
  page: { offset: number; limit: number },
) {
  await assertMayReach(deps.db, viewer, performerId);
  const { rows, total } = await creatorPhotosPage(deps.db, viewer, performerId, page);
  const shownGalleries = [...new Map(rows.map((row) => [row.gallery.id, row.gallery])).values()];
  const access = await accessTo(deps.db, viewer, 'gallery', shownGalleries);
  const data = await presentPhotos(
    deps,
    rows.map((row) => row.photo),
    (galleryId) => ({ gallery: shownGalleries.find((gallery) => gallery.id === galleryId)!, canView: access.get(galleryId)!.canView }),
  );
  return { data, total };
}

/** Photos with their files in one query; `galleryOf` says each photo's gallery and whether the viewer may see it. */
async function presentPhotos(
  deps: Deps,
  rows: PhotoRow[],
  galleryOf: (galleryId: string) => { gallery: GalleryRow; canView: boolean },
): Promise<Photo[]> {
  if (!rows.length) return [];
  const photoFiles = await filesByIds(
    deps.db,
    rows.map((row) => row.fileId),
  );
  return rows.map((row) => {
    const { gallery, canView } = galleryOf(row.galleryId);
    return {
      _id: row.id,
      galleryId: row.galleryId,
      title: row.title,
      file: presentMediaFile(photoFiles.find((file) => file.id === row.fileId)!, { signer: deps.mediaSigner, canView }),
      isCover: gallery.coverPhotoId === row.id,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** The galleries the user bookmarked that are still shown, newest bookmark first. */
export async function bookmarkedGalleries(deps: Deps, viewer: SessionUser, page: { offset: number; limit: number }) {
  const { data, total } = await bookmarkedPage(
    deps.db,
    viewer,
    'gallery',
    {
      shownIds: shownGalleryIds(deps.db, viewer),
      load: (ids) => galleriesByIds(deps.db, ids),
      present: (rows) => presentGalleries(deps, viewer, rows),
    },
    page,
  );
  return { data: data.map(({ item, ...bookmark }) => ({ ...bookmark, gallery: item })), total };
}
