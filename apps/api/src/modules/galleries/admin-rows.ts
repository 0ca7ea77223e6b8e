import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { galleries, photos } from '../../db/schema/galleries';
import { type AdminRowFilters, adminRowPage, nullValue, statusOrDeleted } from '../../platform/admin-rows';

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
