import type { gallerySearchQuerySchema, performerGalleryQuerySchema, photoQuerySchema } from '@limelight/contracts';
import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { type Page, pageOf } from '../../db/paging';
import { files } from '../../db/read/media';
import { galleries, photos } from '../../db/schema/galleries';
import type { Deps } from '../../deps';
import { type AdminRowFilters, adminRowPage, nullValue, statusOrDeleted } from '../../platform/admin-rows';
import type { SessionUser } from '../../platform/auth';
import { commentCounter, likeCounter } from '../../platform/counters';
import { escapeLike } from '../../platform/http';
import { performerOf } from '../../platform/selling';
import { notHeld } from '../access';
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
} from '../library';

export type GalleryRow = typeof galleries.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;

/** Galleries for the admin's console, of every status (decision 052). */
export const adminGalleryRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: galleries,
      select: {
        id: galleries.id,
        title: galleries.title,
        status: statusOrDeleted(galleries),
        ownerId: galleries.performerId,
        otherId: nullValue,
        amountCents: galleries.priceCents,
        count: galleries.photoCount,
        parentId: nullValue,
        parentType: nullValue,
        createdAt: galleries.createdAt,
        updatedAt: galleries.updatedAt,
      },
      id: galleries.id,
      createdAt: galleries.createdAt,
      users: [galleries.performerId],
      status: galleries.status,
      text: [galleries.title, galleries.description],
    },
    filters,
  );

/** Photos (a gallery's, with `parentId`) for the admin's console. */
export const adminPhotoRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: photos,
      select: {
        id: photos.id,
        title: photos.title,
        status: nullValue,
        ownerId: photos.performerId,
        otherId: nullValue,
        amountCents: nullValue,
        count: nullValue,
        parentId: photos.galleryId,
        parentType: sql`'gallery'`,
        createdAt: photos.createdAt,
        updatedAt: photos.updatedAt,
      },
      id: photos.id,
      createdAt: photos.createdAt,
      users: [photos.performerId],
      parent: photos.galleryId,
      text: [photos.title],
    },
    filters,
  );

/** A like total on the gallery (handed to the reactions module). */
export const countGalleryLikes = likeCounter(galleries);

/** A comment total on the gallery (handed to the comments module). */
export const countGalleryComments = commentCounter(galleries);

/** The creator a gallery belongs to, whatever its state. */
export const galleryOwnerOf = performerOf(galleries);

/** A gallery by id, whatever its state; none when there is none. */
export async function findGallery(db: Queryable, id: string) {
  const [row] = await db.select().from(galleries).where(eq(galleries.id, id));
  return row;
}

/** The file ids of a gallery's photos. */
export const photoFileIdsOf = async (db: Queryable, galleryId: string) =>
  (await db.select({ fileId: photos.fileId }).from(photos).where(eq(photos.galleryId, galleryId))).map((row) => row.fileId);

/** Inserts a gallery and returns its row. */
export async function insertGallery(tx: Queryable, values: typeof galleries.$inferInsert) {
  const [created] = await tx.insert(galleries).values(values).returning();
  return created!;
}

/** Writes a gallery's fields and returns its row. */
export async function setGalleryFields(tx: Queryable, id: string, values: Partial<typeof galleries.$inferInsert>) {
  const [updated] = await tx.update(galleries).set(values).where(eq(galleries.id, id)).returning();
  return updated!;
}

/** All of a creator's galleries not deleted yet, locked. */
export const lockedGalleriesOf = (tx: Queryable, performerId: string) => lockedItemsOf(tx, galleries, performerId);

/** The sold galleries (`sold`) deleted and kept for their buyers; answers the others, for the caller to delete. */
export const keepSoldGalleries = (tx: Queryable, rows: GalleryRow[], sold: Set<string>) => keepSoldOnes(tx, galleries, rows, sold);

/** The file ids of these galleries' photos. */
export const photoFileIdsOfGalleries = async (tx: Queryable, galleryIds: string[]) =>
  (await tx.select({ fileId: photos.fileId }).from(photos).where(inArray(photos.galleryId, galleryIds))).map((row) => row.fileId);

/** Deletes these galleries. */
export const deleteGalleries = (tx: Queryable, ids: string[]) => tx.delete(galleries).where(inArray(galleries.id, ids));

/** A gallery of the creator's own (any state but deleted), optionally locked for a change; else 404. */
export const ownGalleryRow = (db: Queryable, performer: SessionUser, id: string, forUpdate = false) =>
  ownItem(db, galleries, performer, id, 'Gallery', forUpdate);

/** One gallery for a visitor: shown to fans, unless the viewer owns it or is an admin; else 404. */
export const visibleGalleryRow = (db: Queryable, viewer: SessionUser | undefined, id: string) =>
  visibleItem(db, galleries, viewer, id, 'Gallery');

/** A gallery's own page: a visible one, or one its creator deleted to its buyers alone. */
export const openedGalleryRow = (db: Queryable, viewer: SessionUser | undefined, id: string) =>
  openedItem(db, galleries, viewer, id, 'Gallery', 'gallery');

/** Counts one view of the gallery and answers the count (none for its creator). */
export const countGalleryView = (db: Queryable, gallery: GalleryRow, viewer: SessionUser | undefined) =>
  countView(db, galleries, gallery, viewer);

type PresentPage<P> = (rows: GalleryRow[]) => Promise<P[]>;

const galleriesPage = <P>(deps: Deps, where: SQL | undefined, query: z.output<typeof gallerySearchQuerySchema>, present: PresentPage<P>) =>
  libraryPage(deps, galleries, where, query, present);

/** A page of the galleries shown to this viewer that match the search, and their total. */
export function shownGalleriesPage<P>(
  deps: Deps,
  viewer: SessionUser | undefined,
  query: z.output<typeof gallerySearchQuerySchema>,
  present: PresentPage<P>,
) {
  const where = and(
    shownTo(viewer, galleries),
    query.performerId ? eq(galleries.performerId, query.performerId) : undefined,
    query.q ? ilike(galleries.title, `%${escapeLike(query.q)}%`) : undefined,
  );
  return galleriesPage(deps, where, query, present);
}

/** A page of the creator's own galleries, drafts and inactive ones included, and their total. */
export function ownGalleriesPage<P>(
  deps: Deps,
  performer: SessionUser,
  query: z.output<typeof performerGalleryQuerySchema>,
  present: PresentPage<P>,
) {
  const where = and(
    ownedBy(galleries, performer),
    query.status ? eq(galleries.status, query.status) : undefined,
    query.q ? ilike(galleries.title, `%${escapeLike(query.q)}%`) : undefined,
  );
  return galleriesPage(deps, where, query, present);
}

/**
 * Each gallery's cover as this viewer may see it: its chosen photo, or, when moderation holds that
 * photo or its file (a link that would be refused), its oldest photo the viewer may see; else none.
 */
export const coversFor = (db: Queryable, viewer: SessionUser | undefined, rows: GalleryRow[]) =>
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

/** Inserts a photo and returns its row. */
export async function insertPhoto(tx: Queryable, values: typeof photos.$inferInsert) {
  const [photo] = await tx.insert(photos).values(values).returning();
  return photo!;
}

/** One more photo in the gallery's count; the photo becomes its cover when it has none. */
export const countAddedPhoto = (tx: Queryable, galleryId: string, photoId: string) =>
  tx
    .update(galleries)
    .set({ photoCount: sql`${galleries.photoCount} + 1`, coverPhotoId: sql`coalesce(${galleries.coverPhotoId}, ${photoId})` })
    .where(eq(galleries.id, galleryId));

/** One of the creator's photos, in a gallery they have not deleted: a deleted gallery's photos are its buyers'. */
const ownPhoto = (performer: SessionUser, id: string) =>
  and(eq(photos.id, id), sql`${photos.galleryId} in (select ${galleries.id} from ${galleries} where ${ownedBy(galleries, performer)})`);

/** Retitles one of the creator's photos; answers its row, none when it is not theirs. */
export async function retitleOwnPhoto(db: Queryable, performer: SessionUser, id: string, title: string) {
  const [row] = await db.update(photos).set({ title }).where(ownPhoto(performer, id)).returning();
  return row;
}

/** Deletes one of the creator's photos; answers its row, none when it is not theirs. */
export async function deleteOwnPhoto(tx: Queryable, performer: SessionUser, id: string) {
  const [photo] = await tx.delete(photos).where(ownPhoto(performer, id)).returning();
  return photo;
}

/** The id of the gallery's oldest photo; none when it has none. */
export async function oldestPhotoOf(tx: Queryable, galleryId: string) {
  const [next] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(eq(photos.galleryId, galleryId))
    .orderBy(asc(photos.createdAt))
    .limit(1);
  return next;
}

/** One photo less in the gallery's count; the cover moves to `nextId` when it was the removed photo. */
export const countRemovedPhoto = (tx: Queryable, galleryId: string, removedId: string, nextId: string | null) =>
  tx
    .update(galleries)
    .set({
      photoCount: sql`greatest(${galleries.photoCount} - 1, 0)`,
      coverPhotoId: sql`case when ${galleries.coverPhotoId} = ${removedId} then ${nextId}::uuid else ${galleries.coverPhotoId} end`,
    })
    .where(eq(galleries.id, galleryId));

/** One of the creator's photos; none when it is not theirs. */
export async function findOwnPhoto(db: Queryable, performer: SessionUser, id: string) {
  const [photo] = await db.select().from(photos).where(ownPhoto(performer, id));
  return photo;
}

/** Makes the photo its gallery's cover. */
export const setCoverPhoto = (db: Queryable, galleryId: string, photoId: string) =>
  db.update(galleries).set({ coverPhotoId: photoId }).where(eq(galleries.id, galleryId));

/** A page of a gallery's photos this viewer may see, in the order asked, and their total. */
export function galleryPhotosPage(
  db: Queryable,
  viewer: SessionUser | undefined,
  galleryId: string,
  query: z.output<typeof photoQuerySchema>,
) {
  // A photo hidden by moderation leaves the gallery for everyone but its creator and admins (decision 046).
  const where = and(eq(photos.galleryId, galleryId), notHeld(viewer, photos.id, photos.performerId));
  const direction = query.sort === 'asc' ? asc : desc;
  return pageOf(
    db.select().from(photos).where(where).orderBy(direction(photos.createdAt), direction(photos.id)).$dynamic(),
    query,
    db.$count(photos, where),
  );
}

/** A page of a creator's photos across their shown galleries, newest first, each with its gallery, and their total. */
export function creatorPhotosPage(db: Queryable, viewer: SessionUser | undefined, performerId: string, page: Page) {
  const where = and(eq(photos.performerId, performerId), shownIn(galleries), notHeld(viewer, photos.id, photos.performerId));
  return pageOf(
    db
      .select({ photo: photos, gallery: galleries })
      .from(photos)
      .innerJoin(galleries, eq(galleries.id, photos.galleryId))
      .where(where)
      .orderBy(desc(photos.createdAt), desc(photos.id))
      .$dynamic(),
    page,
    db
      .select({ total: count() })
      .from(photos)
      .innerJoin(galleries, eq(galleries.id, photos.galleryId))
      .where(where)
      .then(([row]) => row?.total ?? 0),
  );
}

/** The files of these ids, in no order. */
export const filesByIds = (db: Queryable, fileIds: string[]) => db.select().from(files).where(inArray(files.id, fileIds));

/** The ids of the galleries shown to this viewer, as a subquery (a bookmark list's filter). */
export const shownGalleryIds = (db: Queryable, viewer: SessionUser) =>
  db.select({ id: galleries.id }).from(galleries).where(shownTo(viewer, galleries));

/** Galleries by id, in no order. */
export const galleriesByIds = (db: Queryable, ids: string[]) => db.select().from(galleries).where(inArray(galleries.id, ids));
