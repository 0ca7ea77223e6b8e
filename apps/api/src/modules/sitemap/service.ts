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

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const lastmod = (at: Date | undefined) => (at ? `<lastmod>${at.toISOString()}</lastmod>` : '');
const XML = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export async function sitemapIndex(deps: Deps, origin: string) {
  const [creators, posts] = await Promise.all([countIndexableCreators(deps.db), countPublicPosts(deps.db)]);
  const pagesOf = (kind: SitemapKind, total: number) =>
    Array.from({ length: Math.ceil(total / PAGE_SIZE) }, (_, index) => `${origin}/sitemaps/${kind}-${index + 1}.xml`);
  const sitemaps = [`${origin}/sitemaps/pages-1.xml`, ...pagesOf('creators', creators), ...pagesOf('posts', posts)];
  return `${XML}<sitemapindex xmlns="${NS}">${sitemaps.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`).join('')}</sitemapindex>\n`;
}

/** One page of addresses, or undefined past the last page. */
export async function sitemapPage(deps: Deps, origin: string, kind: SitemapKind, page: number) {
  const range = { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const entries: Entry[] =
    kind === 'pages'
      ? page === 1
        ? [
            { path: '/' },
            { path: '/explore' },
            ...(await publishedPages(deps.db)).map((row) => ({ path: `/page/${row.slug}`, updatedAt: row.updatedAt })),
          ]
        : []
      : kind === 'creators'
        ? (await indexableCreatorsPage(deps.db, range)).map((row) => ({ path: `/${row.username ?? row.id}`, updatedAt: row.updatedAt }))
        : (await publicPostsPage(deps.db, range)).map((row) => ({ path: `/post/${row.id}`, updatedAt: row.updatedAt }));
  if (!entries.length && page > 1) return undefined;
  const urls = entries.map((entry) => `<url><loc>${escapeXml(origin + entry.path)}</loc>${lastmod(entry.updatedAt)}</url>`);
  return `${XML}<urlset xmlns="${NS}">${urls.join('')}</urlset>\n`;
}
