import type { adminPostSearchQuerySchema, SavePostInput } from '@limelight/contracts';
import type SanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { posts } from '../../db/schema/posts';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { lazyRequire } from '../../platform/lazy';
import { deletePostRow, insertPost, postByIdOrSlug, postsPage, savePost } from './repo';

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

/** Lists posts; visitors see published ones only, the admin may filter by status. */
export async function searchPosts(deps: Deps, query: PostQuery, publishedOnly: boolean) {
  const { rows, total } = await postsPage(deps.db, query, publishedOnly);
  return { data: rows.map(presentPost), total };
}

/** One post by id or slug; drafts are visible to the admin only. */
export async function findPost(deps: Deps, idOrSlug: string, includeDrafts: boolean) {
  const row = await postByIdOrSlug(deps.db, idOrSlug);
  if (!row || (!includeDrafts && row.status !== 'published')) throw notFound('Page');
  return presentPost(row);
}

export async function createPost(deps: Deps, { newVersion: _, ...input }: Required<SavePostInput>) {
  const [row] = await insertPost(deps.db, { ...input, content: sanitize(input.content) }).catch(slugTaken);
  return presentPost(row!);
}

export async function updatePost(deps: Deps, id: string, { newVersion, ...input }: Required<SavePostInput>) {
  const [row] = await savePost(deps.db, id, { ...input, content: sanitize(input.content) }, newVersion).catch(slugTaken);
  if (!row) throw notFound('Page');
  return presentPost(row);
}

export async function deletePost(deps: Deps, id: string) {
  const deleted = await deletePostRow(deps.db, id);
  if (!deleted.length) throw notFound('Page');
}

function slugTaken(error: unknown): never {
  if (uniqueViolation(error) !== undefined) throw conflict('slug is already taken', [{ field: 'slug', message: 'is already taken' }]);
  throw error;
}
