import {
  currentUserSchema,
  DISCOVERY_COUNT_CAP,
  discoveryPageSchema,
  discoveryPerformerSchema,
  performerAccountSchema,
  performerProfileSchema,
  performerSearchQuerySchema,
  updateBankingSchema,
  updatePaymentGatewaySchema,
  updatePerformerSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { sessionOf } from '../../platform/auth';
import { multipartForm, readImageUpload, spoolUpload } from '../../platform/uploads';
import { requirePerformer } from '../access';
import { auditSourceOf } from '../audit';
import { VIDEO_UPLOAD } from '../media';
import { assertFreshSecondFactor } from '../two-factor';
import { currentUser } from '../users';
import * as account from './account';
import { documentFiles, readDocumentParts, replaceDocuments } from './documents';
import { creatorPreview } from './preview';
import { changeProfileImage, withdrawMyRevision } from './revisions';
import * as search from './search';
import * as performers from './service';
import { removeWelcomeVideo, replaceWelcomeVideo } from './welcome-video';

export const performersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/performers/user/search',
      {
        schema: {
          tags: ['performers'],
          summary: 'Search listed creators with filters',
          operationId: 'searchCreators',
          description: `A keyword ranks the exact handle first, then matches in the name or handle, then in the bio. \`total\` counts up to ${DISCOVERY_COUNT_CAP} (\`totalCapped\` says more match). Page by \`offset\`, or without a keyword by \`after\` (the last creator of the page before).`,
          querystring: performerSearchQuerySchema,
          response: { 200: discoveryPageSchema },
        },
      },
      async (request) => search.searchPerformers(deps, request.query, request.session?.user),
    );

    const handful = z.object({ limit: z.coerce.number().int().min(1).max(50).default(12) });
    app.get(
      '/performers/top',
      {
        schema: {
          tags: ['performers'],
          summary: 'List the most followed creators',
          operationId: 'listTopCreators',
          querystring: handful,
          response: { 200: z.array(discoveryPerformerSchema) },
        },
      },
      async (request) => search.topPerformers(deps, request.query.limit, request.session?.user),
    );

    app.get(
      '/performers/search/random',
      {
        schema: {
          tags: ['performers'],
          summary: 'List a random handful of creators',
          operationId: 'listRandomCreators',
          querystring: handful,
          response: { 200: z.array(discoveryPerformerSchema) },
        },
      },
      async (request) => search.randomPerformers(deps, request.query.limit, request.session?.user),
    );

    app.get(
      '/performers/me',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['performers'],
          summary: "Get the signed-in creator's account",
          operationId: 'getMyCreatorAccount',
          response: { 200: performerAccountSchema },
        },
      },
      async (request) => account.myAccount(deps, sessionOf(request).user),
    );

    app.put(
      '/performers/me',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['performers'],
          summary: "Update the signed-in creator's profile and account",
          operationId: 'updateMyCreatorAccount',
          body: updatePerformerSchema,
          response: { 200: performerAccountSchema },
        },
      },
      async (request) => account.updateMyAccount(deps, sessionOf(request), request.body, auditSourceOf(request)),
    );

    app.put(
      '/performers/banking-settings',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['performers'],
          summary: "Update the signed-in creator's bank details for payouts",
          operationId: 'updateCreatorBankingSettings',
          body: updateBankingSchema,
          response: { 200: performerAccountSchema },
        },
      },
      async (request) => {
        await assertFreshSecondFactor(deps, request);
        return account.updateBanking(deps, sessionOf(request).user, request.body, auditSourceOf(request));
      },
    );

    app.put(
      '/performers/payment-gateway-settings',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['performers'],
          summary: "Update the signed-in creator's PayPal payout settings",
          operationId: 'updateCreatorPaymentGatewaySettings',
          body: updatePaymentGatewaySchema,
          response: { 200: performerAccountSchema },
        },
      },
      async (request) => {
        await assertFreshSecondFactor(deps, request);
        return account.updatePaymentGateway(deps, sessionOf(request).user, request.body, auditSourceOf(request));
      },
    );

    // A reviewed creator's new picture waits in their revision (decision 055): the account answered still shows the public one.
    for (const kind of ['avatar', 'cover'] as const) {
      app.post(
        `/performers/${kind}/upload`,
        {
          preHandler: requirePerformer,
          schema: {
            tags: ['performers'],
            summary: `Upload the signed-in creator's ${kind} image`,
            operationId: kind === 'avatar' ? 'uploadCreatorAvatar' : 'uploadCreatorCover',
            description: `Multipart: the image under the field name ${kind}. It waits for an admin when the creator is reviewed before publication.`,
            ...multipartForm({ [kind]: { accepts: 'image', required: true } }),
            response: { 200: currentUserSchema },
          },
        },
        async (request) => {
          const user = await changeProfileImage(deps, sessionOf(request).user, kind, await readImageUpload(request, kind));
          return currentUser(deps, user);
        },
      );
    }

    app.delete(
      '/performers/me/profile-revision',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['performers'],
          summary: "Withdraw the signed-in creator's profile change awaiting review",
          operationId: 'withdrawCreatorProfileRevision',
          description: 'Withdraws the profile change waiting for review (or puts away the notice of a refused one).',
          response: { 200: performerAccountSchema },
        },
      },
      async (request) => {
        const performer = sessionOf(request).user;
        await withdrawMyRevision(deps, performer, auditSourceOf(request));
        return account.myAccount(deps, performer);
      },
    );

    app.post(
      '/performers/documents/upload',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['performers'],
          summary: "Upload the signed-in creator's identity documents",
          operationId: 'uploadCreatorDocuments',
          description: 'Multipart: idVerification and/or documentVerification (JPEG, PNG, WebP or PDF), while not yet verified.',
          ...multipartForm(documentFiles(false)),
          response: { 200: performerAccountSchema },
        },
      },
      async (request) => {
        const performer = sessionOf(request).user;
        const { documents } = await readDocumentParts(request);
        await replaceDocuments(deps, performer, documents);
        return account.myAccount(deps, performer);
      },
    );

    app.post(
      '/performers/welcome-video/upload',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['performers'],
          summary: "Upload the signed-in creator's welcome video",
          operationId: 'uploadCreatorWelcomeVideo',
          description: 'Multipart: the video under the field name welcomeVideo (MP4, MOV, WebM or AVI). It plays once processed.',
          ...multipartForm({ welcomeVideo: { accepts: 'video', required: true } }),
          response: { 200: performerAccountSchema },
        },
      },
      async (request) => {
        const performer = sessionOf(request).user;
        const upload = await spoolUpload(request, 'welcomeVideo', VIDEO_UPLOAD);
        try {
          await replaceWelcomeVideo(deps, performer, upload);
        } finally {
          await upload.discard();
        }
        return account.myAccount(deps, performer);
      },
    );

    app.delete(
      '/performers/welcome-video',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['performers'],
          summary: "Remove the signed-in creator's welcome video",
          operationId: 'deleteCreatorWelcomeVideo',
          response: { 200: performerAccountSchema },
        },
      },
      async (request) => {
        const performer = sessionOf(request).user;
        await removeWelcomeVideo(deps, performer);
        return account.myAccount(deps, performer);
      },
    );

    app.get(
      '/performers/:id/preview.jpg',
      {
        schema: {
          tags: ['performers'],
          summary: "Get a creator's link-preview picture",
          operationId: 'getCreatorPreviewImage',
          description:
            "A 1200x630 JPEG of the creator's cover, avatar, name and handle, for Open Graph and Twitter cards. `v` is the version the creator's page names (`previewImage`): kept for good when it is the current one.",
          params: z.object({ id: z.string().min(1).max(100) }),
          querystring: z.object({ v: z.string().max(32).optional() }),
        },
      },
      async (request, reply) => {
        const { image, version } = await creatorPreview(deps, request.params.id, request.session?.user);
        const current = request.query.v === version;
        return reply
          .type('image/jpeg')
          .header('cache-control', current ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
          .send(image);
      },
    );

    app.get(
      '/performers/:id',
      {
        schema: {
          tags: ['performers'],
          summary: "Get a creator's public profile by username or id",
          operationId: 'getCreatorProfile',
          params: z.object({ id: z.string().min(1).max(100) }),
          response: { 200: performerProfileSchema },
        },
      },
      async (request) => performers.publicProfile(deps, request.params.id, request.session?.user),
    );
  };
