import { type adminPostSearchQuerySchema, legalPageSlugs, type SavePostInput } from '@limelight/contracts';
import { and, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type SanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { posts } from '../../db/schema/posts';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../platform/errors';
import { escapeLike, isUuid, orderBy, uniqueViolation } from '../../platform/http';
import { lazyRequire } from '../../platform/lazy';

type PostRow = typeof posts.$inferSelect;
type PostQuery = z.output<typeof adminPostSearchQuerySchema>;

/**
 * Admins write pages in HTML; it is cleaned on save so a stolen admin session or a pasted
 * snippet cannot plant scripts that run for every visitor.
 */
const sanitizeHtml = lazyRequire<typeof SanitizeHtml>('sanitize-html');
const sanitize = (html: string) =>
  sanitizeHtml()(html, {
    allowedTags: [...sanitizeHtml().defaults.allowedTags, 'img', 'h1', 'h2'],
    allowedAttributes: { ...sanitizeHtml().defaults.allowedAttributes, img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
  });

export const presentPost = (row: PostRow) => ({
  _id: row.id,
  slug: row.slug,
  type: row.type,
  title: row.title,
  shortDescription: row.shortDescription,
  content: row.content,
  status: row.status,
  ordering: row.ordering,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const sortable = { updatedAt: posts.updatedAt, createdAt: posts.createdAt, ordering: posts.ordering, title: posts.title };

/** Lists posts; visitors see published ones only, the admin may filter by status. */
export async function searchPosts(deps: Deps, query: PostQuery, publishedOnly: boolean) {
  const filters: SQL[] = [];
  if (publishedOnly) filters.push(eq(posts.status, 'published'));
  else if (query.status) filters.push(eq(posts.status, query.status));
  if (query.type) filters.push(eq(posts.type, query.type));
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(or(ilike(posts.title, pattern), ilike(posts.slug, pattern))!);
  }
  const where = and(...filters);
  const { rows, total } = await pageOf(
    deps.db
      .select()
      .from(posts)
      .where(where)
      .orderBy(...orderBy(sortable, query.sortBy, query.sort, posts.id))
      .$dynamic(),
    query,
    deps.db.$count(posts, where),
  );
  return { data: rows.map(presentPost), total };
}

/** One post by id or slug; drafts are visible to the admin only. */
export async function findPost(deps: Deps, idOrSlug: string, includeDrafts: boolean) {
  const key = isUuid(idOrSlug) ? eq(posts.id, idOrSlug) : eq(posts.slug, idOrSlug.toLowerCase());
  const [row] = await deps.db.select().from(posts).where(key).limit(1);
  if (!row || (!includeDrafts && row.status !== 'published')) throw notFound('Page');
  return presentPost(row);
}

export async function createPost(deps: Deps, { newVersion: _, ...input }: Required<SavePostInput>) {
  const [row] = await deps.db
    .insert(posts)
    .values({ ...input, content: sanitize(input.content) })
    .returning()
    .catch(slugTaken);
  return presentPost(row!);
}

export async function updatePost(deps: Deps, id: string, { newVersion, ...input }: Required<SavePostInput>) {
  const [row] = await deps.db
    .update(posts)
    .set({ ...input, content: sanitize(input.content), ...(newVersion ? { version: sql`${posts.version} + 1` } : {}) })
    .where(eq(posts.id, id))
    .returning()
    .catch(slugTaken);
  if (!row) throw notFound('Page');
  return presentPost(row);
}

export async function deletePost(deps: Deps, id: string) {
  const deleted = await deps.db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
  if (!deleted.length) throw notFound('Page');
}

function slugTaken(error: unknown): never {
  if (uniqueViolation(error) !== undefined) throw conflict('slug is already taken', [{ field: 'slug', message: 'is already taken' }]);
  throw error;
}

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
