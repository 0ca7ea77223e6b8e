import { currentUserSchema, listQuerySchema, listResponseSchema, publicUserSchema, updateAccountSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { conflict, notFound } from '../../platform/errors';
import { multipartForm, readImageUpload } from '../../platform/uploads';
import { requireAdmin } from '../access';
import { auditSourceOf } from '../audit';
import { isReviewedBeforePublication } from '../moderation';
import { cancelEmailChange } from './email-change';
import { replaceProfileImage } from './profile-images';
import { findById } from './repo';
import * as usersService from './service';

export const usersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/users/me',
      {
        preHandler: requireUser,
        schema: {
          tags: ['users'],
          summary: 'Get the signed-in account',
          operationId: 'getCurrentUser',
          response: { 200: currentUserSchema },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        return { ...(await usersService.currentUser(deps, session.user)), impersonated: session.method === 'impersonation' };
      },
    );

    app.get(
      '/users/search',
      {
        preHandler: requireUser,
        schema: {
          tags: ['users'],
          summary: 'Search active fans and creators by name or username',
          operationId: 'searchUsers',
          querystring: listQuerySchema(['username']).extend({ q: z.string().trim().max(60).optional() }),
          response: { 200: listResponseSchema(publicUserSchema) },
        },
      },
      async (request) => usersService.searchAccounts(deps, sessionOf(request).user, request.query.q, request.query),
    );

    app.get(
      '/users/view/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['users'],
          summary: "Get an account's public card by id or username",
          operationId: 'getUserPublicProfile',
          params: z.object({ id: z.string().min(1).max(100) }),
          response: { 200: publicUserSchema },
        },
      },
      async (request) => usersService.viewAccount(deps, sessionOf(request).user, request.params.id),
    );

    app.put(
      '/users',
      {
        preHandler: requireUser,
        schema: {
          tags: ['users'],
          summary: "Update the signed-in account's own fields",
          operationId: 'updateCurrentUser',
          body: updateAccountSchema,
          response: { 200: currentUserSchema },
        },
      },
      async (request) => {
        const session = sessionOf(request);
        if (request.body.name !== undefined && request.body.name !== session.user.name)
          await refuseIfReviewed(deps, session.user.id, 'display name');
        return usersService.updateAccount(deps, session, request.body, auditSourceOf(request));
      },
    );

    app.delete(
      '/users/me/email-change',
      {
        preHandler: requireUser,
        schema: {
          tags: ['users'],
          summary: 'Cancel the pending change of e-mail address',
          operationId: 'cancelPendingEmailChange',
          response: { 200: currentUserSchema },
        },
      },
      async (request) => {
        const { user } = sessionOf(request);
        await cancelEmailChange(deps, user.id);
        return usersService.currentUser(deps, user);
      },
    );

    app.post(
      '/users/avatar/upload',
      {
        preHandler: requireUser,
        schema: {
          tags: ['users'],
          summary: "Upload the signed-in account's avatar",
          operationId: 'uploadUserAvatar',
          description: 'Multipart: the image under the field name avatar.',
          ...uploadSchema,
        },
      },
      async (request) => {
        const { user } = sessionOf(request);
        await refuseIfReviewed(deps, user.id, 'avatar');
        const updated = await replaceProfileImage(deps, user, 'avatar', await readImageUpload(request, 'avatar'));
        return usersService.currentUser(deps, updated);
      },
    );

    app.post(
      '/users/:id/avatar/upload',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: "Replace an account's avatar (admin)",
          operationId: 'adminUploadUserAvatar',
          params: z.object({ id: z.uuid('must be an id') }),
          description: "An admin replaces an account's avatar.",
          ...uploadSchema,
        },
      },
      async (request) => {
        const target = await findById(deps.db, request.params.id);
        if (!target) throw notFound('Account');
        const user = await replaceProfileImage(deps, target, 'avatar', await readImageUpload(request, 'avatar'));
        return usersService.currentUser(deps, user);
      },
    );
  };

/**
 * A reviewed creator's new name or avatar waits for an admin (decision 055): it goes through their
 * creator account, which keeps it in review, never around it through the fans' routes.
 */
async function refuseIfReviewed(deps: Deps, userId: string, what: string) {
  if (await isReviewedBeforePublication(deps.db, deps.settings.get('reviewBeforePublication'), userId))
    throw conflict(`Your profile changes are reviewed before publication: change your ${what} on your creator account`);
}

const uploadSchema = { ...multipartForm({ avatar: { accepts: 'image', required: true } }), response: { 200: currentUserSchema } };
