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
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { files } from '../../db/read/media';
import { galleries, photos } from '../../db/schema/galleries';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { likeCounter } from '../../platform/counters';
import { badRequest, notFound, parseOrThrow } from '../../platform/errors';
import { escapeLike } from '../../platform/http';
import { readMediaForm } from '../../platform/uploads';
import { accessTo, assertMayReach, boughtAmong, canViewOne, notHeld, ownHolds } from '../access';
import {
  countView,
  keepSoldOnes,
  libraryPage,
  lockedItemsOf,
  openedItem,
  ownedBy,
  ownItem,
  shownIn,
  shownTo,
  visibleItem,
  withdrawOwnFromReview,
} from '../library';
import { deleteFileRecords, presentMediaFile, removeStored, saveImageFile } from '../media';
import { holdForReview, isReviewedBeforePublication, waitsForReview } from '../moderation';
import { bookmarkedPage, viewerReactions } from '../reactions';
import { publicUsersById } from '../users';

type GalleryRow = typeof galleries.$inferSelect;
type GalleryInput = z.output<typeof saveGallerySchema>;

const columnsOf = ({ price, ...input }: GalleryInput) => ({ ...input, priceCents: input.isSale ? toCents(price) : 0 });

export async function createGallery(deps: Deps, performer: SessionUser, input: GalleryInput) {
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(galleries)
      .values({ ...columnsOf(input), performerId: performer.id })
      .returning();
    // A reviewed creator's gallery waits for an admin (decision 054); photos added meanwhile are held with it.
    if (await isReviewedBeforePublication(tx, deps.settings.get('reviewBeforePublication'), performer.id)) {
      await holdForReview(tx, { targetType: 'gallery', targetId: created!.id, ownerId: performer.id, fileIds: [] });
    }
    return created!;
  });
  return (await presentGalleries(deps, performer, [row]))[0]!;
}

export async function updateGallery(deps: Deps, performer: SessionUser, id: string, input: GalleryInput) {
  const row = await deps.db.transaction(async (tx) => {
    const gallery = await ownGalleryRow(tx, performer, id, true);
    const [updated] = await tx.update(galleries).set(columnsOf(input)).where(eq(galleries.id, gallery.id)).returning();
    return updated!;
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
    const fileIds = (await tx.select({ fileId: photos.fileId }).from(photos).where(eq(photos.galleryId, gallery.id))).map(
      (row) => row.fileId,
    );
    await withdrawOwnFromReview(tx, performer, { targetType: 'gallery', targetId: gallery.id, fileIds });
    return retireGalleries(tx, [gallery]);
  });
  await removeStored(deps, removed);
}

/** All of a creator's galleries, retired as `deleteGallery` does one, for an account deleted by its owner; the file records it deleted. */
export const retireCreatorGalleries = async (tx: Queryable, performerId: string) =>
  retireGalleries(tx, await lockedItemsOf(tx, galleries, performerId));

/** Bought galleries kept for their buyers, the others deleted with their photos' file records (returned, for their stored objects). */
async function retireGalleries(tx: Queryable, rows: Array<typeof galleries.$inferSelect>) {
  const gone = (
    await keepSoldOnes(
      tx,
      galleries,
      rows,
      await boughtAmong(
        tx,
        'gallery',
        rows.map((row) => row.id),
      ),
    )
  ).map((row) => row.id);
  if (!gone.length) return [];
  const fileIds = (await tx.select({ fileId: photos.fileId }).from(photos).where(inArray(photos.galleryId, gone))).map((row) => row.fileId);
  await tx.delete(galleries).where(inArray(galleries.id, gone));
  return deleteFileRecords(tx, fileIds);
}

const ownGalleryRow = (db: Queryable, performer: SessionUser, id: string, forUpdate = false) =>
  ownItem(db, galleries, performer, id, 'Gallery', forUpdate);

export async function ownGallery(deps: Deps, performer: SessionUser, id: string) {
  return (await presentGalleries(deps, performer, [await ownGalleryRow(deps.db, performer, id)]))[0]!;
}

const galleriesPage = (
  deps: Deps,
  viewer: SessionUser | undefined,
  where: SQL | undefined,
  query: z.output<typeof gallerySearchQuerySchema>,
) => libraryPage(deps, galleries, where, query, (rows) => presentGalleries(deps, viewer, rows));

export async function searchGalleries(deps: Deps, viewer: SessionUser | undefined, query: z.output<typeof gallerySearchQuerySchema>) {
  if (query.performerId) await assertMayReach(deps.db, viewer, query.performerId);
  const where = and(
    shownTo(viewer, galleries),
    query.performerId ? eq(galleries.performerId, query.performerId) : undefined,
    query.q ? ilike(galleries.title, `%${escapeLike(query.q)}%`) : undefined,
  );
  return galleriesPage(deps, viewer, where, query);
}

export async function performerGalleries(deps: Deps, performer: SessionUser, query: z.output<typeof performerGalleryQuerySchema>) {
  const where = and(
    ownedBy(galleries, performer),
    query.status ? eq(galleries.status, query.status) : undefined,
    query.q ? ilike(galleries.title, `%${escapeLike(query.q)}%`) : undefined,
  );
  return galleriesPage(deps, performer, where, query);
}

/** One gallery for a visitor: active and its creator listed, unless the viewer owns it or is an admin. */
/** A like total on the gallery (handed to the reactions module). */
export const countGalleryLikes = likeCounter(galleries);

export const visibleGallery = (deps: Deps, viewer: SessionUser | undefined, id: string) =>
  visibleItem(deps.db, galleries, viewer, id, 'Gallery');

/** A gallery's own page and photos: a visible one, or one its creator deleted to its buyers alone. */
export const openedGallery = (deps: Deps, viewer: SessionUser | undefined, id: string) =>
  openedItem(deps.db, galleries, viewer, id, 'Gallery', 'gallery');

export async function galleryForViewer(deps: Deps, viewer: SessionUser | undefined, id: string) {
  return (await presentGalleries(deps, viewer, [await openedGallery(deps, viewer, id)]))[0]!;
}

/** A view of the gallery's page, whoever may open it (a deleted one's buyers too). */
export async function addView(deps: Deps, viewer: SessionUser | undefined, id: string) {
  return countView(deps.db, galleries, await openedGallery(deps, viewer, id), viewer);
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

/**
 * Each gallery's cover as this viewer may see it: its chosen photo, or, when moderation holds that
 * photo or its file (a link that would be refused), its oldest photo the viewer may see; else none.
 */
const coversFor = (db: Queryable, viewer: SessionUser | undefined, rows: GalleryRow[]) =>
  db
    .selectDistinctOn([photos.galleryId], { galleryId: photos.galleryId, file: files })
    .from(photos)
    .innerJoin(files, eq(files.id, photos.fileId))
    .innerJoin(galleries, eq(galleries.id, photos.galleryId))
    .where(
      and(
        inArray(
          photos.galleryId,
          rows.map((row) => row.id),
        ),
        notHeld(viewer, photos.id, photos.performerId),
        notHeld(viewer, photos.fileId, photos.performerId),
      ),
    )
    .orderBy(photos.galleryId, desc(sql`${photos.id} = ${galleries.coverPhotoId}`), asc(photos.createdAt), asc(photos.id));

/** A photo into one of the creator's galleries (multipart: `photo`, `galleryId`, `title`). */
export async function uploadPhoto(deps: Deps, performer: SessionUser, request: FastifyRequest) {
  const form = await readMediaForm(request, { spooled: {}, images: ['photo'] });
  const { galleryId, title } = parseOrThrow(uploadPhotoFieldsSchema, form.fields);
  if (!form.images.photo) throw badRequest('photo is required', [{ field: 'photo', message: 'is required' }]);
  const { gallery, row } = await deps.db.transaction(async (tx) => {
    // A photo changes the gallery: refused while moderation holds it, held with it while it waits for review.
    const gallery = await ownGalleryRow(tx, performer, galleryId, true);
    const file = await saveImageFile(deps, tx, { ownerId: performer.id, type: 'performer-photo', access: 'protected' }, form.images.photo!);
    const [photo] = await tx
      .insert(photos)
      .values({ performerId: performer.id, galleryId: gallery.id, title, fileId: file.id })
      .returning();
    await tx
      .update(galleries)
      .set({ photoCount: sql`${galleries.photoCount} + 1`, coverPhotoId: sql`coalesce(${galleries.coverPhotoId}, ${photo!.id})` })
      .where(eq(galleries.id, gallery.id));
    if (await waitsForReview(tx, gallery.id)) {
      await holdForReview(tx, { targetType: 'gallery', targetId: gallery.id, ownerId: performer.id, fileIds: [file.id] }, true);
    }
    return { gallery, row: photo! };
  });
  return (
    await presentPhotos(deps, [row], () => ({ gallery: { ...gallery, coverPhotoId: gallery.coverPhotoId ?? row.id }, canView: true }))
  )[0]!;
}

/** One of the creator's photos, in a gallery they have not deleted: a deleted gallery's photos are its buyers'. */
const ownPhoto = (performer: SessionUser, id: string) =>
  and(eq(photos.id, id), sql`${photos.galleryId} in (select ${galleries.id} from ${galleries} where ${ownedBy(galleries, performer)})`);

export async function updatePhoto(deps: Deps, performer: SessionUser, id: string, title: string) {
  const [row] = await deps.db.update(photos).set({ title }).where(ownPhoto(performer, id)).returning();
  if (!row) throw notFound('Photo');
  const gallery = await ownGalleryRow(deps.db, performer, row.galleryId);
  return (await presentPhotos(deps, [row], () => ({ gallery, canView: true })))[0]!;
}

/** Removes a photo; the gallery's cover moves to its oldest remaining photo. */
export async function deletePhoto(deps: Deps, performer: SessionUser, id: string) {
  const removed = await deps.db.transaction(async (tx) => {
    const [photo] = await tx.delete(photos).where(ownPhoto(performer, id)).returning();
    if (!photo) throw notFound('Photo');
    const [next] = await tx
      .select({ id: photos.id })
      .from(photos)
      .where(eq(photos.galleryId, photo.galleryId))
      .orderBy(asc(photos.createdAt))
      .limit(1);
    await tx
      .update(galleries)
      .set({
        photoCount: sql`greatest(${galleries.photoCount} - 1, 0)`,
        coverPhotoId: sql`case when ${galleries.coverPhotoId} = ${photo.id} then ${next?.id ?? null}::uuid else ${galleries.coverPhotoId} end`,
      })
      .where(eq(galleries.id, photo.galleryId));
    return deleteFileRecords(tx, [photo.fileId]);
  });
  await removeStored(deps, removed);
}

export async function setCover(deps: Deps, performer: SessionUser, photoId: string) {
  const [photo] = await deps.db.select().from(photos).where(ownPhoto(performer, photoId));
  if (!photo) throw notFound('Photo');
  await deps.db.update(galleries).set({ coverPhotoId: photo.id }).where(eq(galleries.id, photo.galleryId));
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
  // A photo hidden by moderation leaves the gallery for everyone but its creator and admins (decision 046).
  const where = and(eq(photos.galleryId, gallery.id), notHeld(viewer, photos.id, photos.performerId));
  const direction = query.sort === 'asc' ? asc : desc;
  const { rows, total } = await pageOf(
    deps.db.select().from(photos).where(where).orderBy(direction(photos.createdAt), direction(photos.id)).$dynamic(),
    query,
    deps.db.$count(photos, where),
  );
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
  const where = and(eq(photos.performerId, performerId), shownIn(galleries), notHeld(viewer, photos.id, photos.performerId));
  const { rows, total } = await pageOf(
    deps.db
      .select({ photo: photos, gallery: galleries })
      .from(photos)
      .innerJoin(galleries, eq(galleries.id, photos.galleryId))
      .where(where)
      .orderBy(desc(photos.createdAt), desc(photos.id))
      .$dynamic(),
    page,
    deps.db
      .select({ total: count() })
      .from(photos)
      .innerJoin(galleries, eq(galleries.id, photos.galleryId))
      .where(where)
      .then(([row]) => row?.total ?? 0),
  );
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
  rows: Array<typeof photos.$inferSelect>,
  galleryOf: (galleryId: string) => { gallery: GalleryRow; canView: boolean },
): Promise<Photo[]> {
  if (!rows.length) return [];
  const photoFiles = await deps.db
    .select()
    .from(files)
    .where(
      inArray(
        files.id,
        rows.map((row) => row.fileId),
      ),
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
      shownIds: deps.db.select({ id: galleries.id }).from(galleries).where(shownTo(viewer, galleries)),
      load: (ids) => deps.db.select().from(galleries).where(inArray(galleries.id, ids)),
      present: (rows) => presentGalleries(deps, viewer, rows),
    },
    page,
  );
  return { data: data.map(({ item, ...bookmark }) => ({ ...bookmark, gallery: item })), total };
}
