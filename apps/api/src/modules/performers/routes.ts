import { publicPerformerSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import * as performers from './service';

export const performersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/performers/:id',
      { schema: { tags: ['performers'], params: z.object({ id: z.string().min(1).max(100) }), response: { 200: publicPerformerSchema } } },
      async (request) => performers.publicProfile(deps, request.params.id, request.session?.user),
    );
  };
