import { deleteAccountSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { endWebSession } from '../../platform/web-session';
import { auditSourceOf } from '../audit';
import { deleteOwnAccount } from './service';

/** `DELETE /users/me`: an account's owner deletes it (decision 047). */
export const closingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.delete(
      '/users/me',
      {
        preHandler: requireUser,
        config: { rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags: ['users'],
          summary: 'Delete the signed-in account',
          operationId: 'deleteCurrentUser',
          body: deleteAccountSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request, reply) => {
        await deleteOwnAccount(deps, sessionOf(request), request.body, auditSourceOf(request));
        endWebSession(deps.config, reply);
        return { message: 'Your account has been deleted' };
      },
    );
  };
