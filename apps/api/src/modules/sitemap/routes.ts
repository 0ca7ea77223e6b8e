import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { notFound } from '../../platform/errors';
import { type SitemapKind, sitemapIndex, sitemapPage } from './service';

/** A page of one list, as the index names it: `creators-1.xml`. */
const SITEMAP_FILE = /^(pages|creators|posts)-([1-9][0-9]{0,6})\.xml$/;

/** Search engines read these often; an hour's staleness costs nothing and spares the database. */
const CACHED = 'public, max-age=3600';

/** `/sitemap.xml` and its pages, at the site's root where crawlers look (robots.txt names it). */
export const sitemapRoutes =
  (deps: Deps, origin: string): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('cache-control', CACHED)
        .type('application/xml; charset=utf-8')
        .send(await sitemapIndex(deps, origin)),
    );

    app.get(
      '/sitemaps/:file',
      {
        schema: {
          hide: true,
          params: z.object({ file: z.string().regex(SITEMAP_FILE, 'must look like creators-1.xml') }),
        },
      },
      async (request, reply) => {
        const [, kind, page] = SITEMAP_FILE.exec(request.params.file)!;
        const xml = await sitemapPage(deps, origin, kind as SitemapKind, Number(page));
        if (!xml) throw notFound(`Sitemap ${request.params.file}`);
        return reply.header('cache-control', CACHED).type('application/xml; charset=utf-8').send(xml);
      },
    );
  };
