import { type adminPostSearchQuerySchema, legalPageSlugs, type SavePostInput } from '@limelight/contracts';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { posts } from '../../db/schema/posts';
import { escapeLike, isUuid, orderBy } from '../../platform/http';

type PostValues = Omit<Required<SavePostInput>, 'newVersion'>;

const sortable = { updatedAt: posts.updatedAt, createdAt: posts.createdAt, ordering: posts.ordering, title: posts.title };

/** One page of posts, published ones only or filtered by status, type and a title or slug search, with the count. */
export function postsPage(db: Queryable, query: z.output<typeof adminPostSearchQuerySchema>, publishedOnly: boolean) {
  const filters: SQL[] = [];
  if (publishedOnly) filters.push(eq(posts.status, 'published'));
  else if (query.status) filters.push(eq(posts.status, query.status));
  if (query.type) filters.push(eq(posts.type, query.type));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(posts.title, pattern), ilike(posts.slug, pattern))!);
  }
  const where = and(...filters);
  return pageOf(
    db
      .select()
      .from(posts)
      .where(where)
      .orderBy(...orderBy(sortable, query.sortBy, query.sort, posts.id))
      .$dynamic(),
    query,
    db.$count(posts, where),
  );
}

/** The post with this id, or this slug (any case), whatever its status. */
export async function postByIdOrSlug(db: Queryable, idOrSlug: string) {
  const key = isUuid(idOrSlug) ? eq(posts.id, idOrSlug) : eq(posts.slug, idOrSlug.toLowerCase());
  const [row] = await db.select().from(posts).where(key).limit(1);
  return row;
}

/** Inserts a post and returns its row. */
export const insertPost = (db: Queryable, values: PostValues) => db.insert(posts).values(values).returning();

/** Saves a post's fields, moving it to its next version when `newVersion`; returns its row, none when it is gone. */
export const savePost = (db: Queryable, id: string, values: PostValues, newVersion: boolean) =>
  db
    .update(posts)
    .set({ ...values, ...(newVersion ? { version: sql`${posts.version} + 1` } : {}) })
    .where(eq(posts.id, id))
    .returning();

/** Deletes a post; returns its id, none when it was gone. */
export const deletePostRow = (db: Queryable, id: string) => db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });

/**
 * The published Terms and Privacy policy pages with their current versions (decision 050): what
 * a sign-up accepts and what an account is asked to accept again when the admin publishes a new
 * version. A page not published is absent.
 */
export async function legalPages(db: Queryable) {
  return db
    .select({ slug: posts.slug, title: posts.title, version: posts.version })
    .from(posts)
    .where(and(inArray(posts.slug, Object.values(legalPageSlugs)), eq(posts.status, 'published')));
}

/** The published CMS pages, for the sitemap (decision 080). */
export const publishedPages = (db: Queryable) =>
  db.select({ slug: posts.slug, updatedAt: posts.updatedAt }).from(posts).where(eq(posts.status, 'published')).orderBy(posts.slug);
