import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';

export const blocksRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * Whether the whole site is blocked where the caller is. The address is the connection's
     * (or X-Forwarded-For with TRUST_PROXY): a header the client chooses could not be trusted.
     */
    app.get(
      '/block/countries/check',
      { schema: { tags: ['blocks'], response: { 200: z.object({ blocked: z.boolean(), country: z.string().nullable() }) } } },
      async (request) => {
        const country = deps.geo.countryOf(request.ip) ?? null;
        return { blocked: !!country && deps.settings.get('blockedCountries').includes(country), country };
      },
    );
  };
