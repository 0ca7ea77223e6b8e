import { currentUserSchema, updateAccountSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import * as usersService from './service';

export const usersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/users/me', { preHandler: requireUser, schema: { tags: ['users'], response: { 200: currentUserSchema } } }, async (request) =>
      usersService.currentUser(deps, sessionOf(request).user),
    );

    app.put(
      '/users',
      { preHandler: requireUser, schema: { tags: ['users'], body: updateAccountSchema, response: { 200: currentUserSchema } } },
      async (request) => usersService.updateAccount(deps, sessionOf(request), request.body),
    );
  };
