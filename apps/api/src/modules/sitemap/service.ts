import { escapeHtml } from '@limelight/contracts';
import type { Deps } from '../../deps';
import { countPublicPosts, publicPostsPage } from '../feeds';
import { countIndexableCreators, indexableCreatorsPage } from '../performers';
import { publishedPages } from '../posts';

/**
 * The sitemap (decision 080): an index of pages of addresses, each page at most `PAGE_SIZE` (the
 * protocol allows 50,000; smaller pages answer fast and stay small), read from the database at
 * each request, so a new creator or post is in it as soon as search engines may see it.
 */
export const PAGE_SIZE = 10_000;

export type SitemapKind = 'pages' | 'creators' | 'posts';
type Entry = { path: string; updatedAt?: Date };

const lastmod = (at: Date | undefined) => (at ? `<lastmod>${at.toISOString()}</lastmod>` : '');
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export async function sitemapIndex(deps: Deps, origin: string) {
  const [creators, posts] = await Promise.all([countIndexableCreators(deps.db), countPublicPosts(deps.db)]);
  const pagesOf = (kind: SitemapKind, total: number) =>
    Array.from({ length: Math.ceil(total / PAGE_SIZE) }, (_, index) => `${origin}/sitemaps/${kind}-${index + 1}.xml`);
  const sitemaps = [`${origin}/sitemaps/pages-1.xml`, ...pagesOf('creators', creators), ...pagesOf('posts', posts)];
  return `${XML}<sitemapindex xmlns="${NS}">${sitemaps.map((url) => `<sitemap><loc>${escapeHtml(url)}</loc></sitemap>`).join('')}</sitemapindex>\n`;
}

type Range = { offset: number; limit: number };

/** Each list's addresses, a page at a time. */
const listed: Record<SitemapKind, (deps: Deps, range: Range) => Promise<Entry[]>> = {
  // A handful: all on the first page.
  pages: async (deps, range) =>
    range.offset
      ? []
      : [
          { path: '/' },
          { path: '/explore' },
          ...(await publishedPages(deps.db)).map((row) => ({ path: `/page/${row.slug}`, updatedAt: row.updatedAt })),
        ],
  creators: async (deps, range) =>
    (await indexableCreatorsPage(deps.db, range)).map((row) => ({ path: `/${row.username ?? row.id}`, updatedAt: row.updatedAt })),
  posts: async (deps, range) =>
    (await publicPostsPage(deps.db, range)).map((row) => ({ path: `/post/${row.id}`, updatedAt: row.updatedAt })),
};

/** One page of addresses, or undefined past the last page. */
export async function sitemapPage(deps: Deps, origin: string, kind: SitemapKind, page: number) {
  const entries = await listed[kind](deps, { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  if (!entries.length && page > 1) return undefined;
  const urls = entries.map((entry) => `<url><loc>${escapeHtml(origin + entry.path)}</loc>${lastmod(entry.updatedAt)}</url>`);
  return `${XML}<urlset xmlns="${NS}">${urls.join('')}</urlset>\n`;
}
