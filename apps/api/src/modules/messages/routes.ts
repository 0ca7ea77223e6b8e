import {
  conversationQuerySchema,
  conversationSchema,
  createConversationSchema,
  fileStatuses,
  listResponseSchema,
  massMessageSchema,
  mediaFileSchema,
  messageQuerySchema,
  messageSchema,
  sendMassMessageSchema,
  sendMessageSchema,
  unreadTotalSchema,
} from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { drawsFrom, messageBudget } from '../../platform/account-budgets';
import { perAccountRateLimit, requireUser, sessionOf } from '../../platform/auth';
import { multipartForm } from '../../platform/uploads';
import { requirePerformer } from '../access';
import { type UploadKind, uploadMedia } from '../media';
import { conversationFor, listConversations, openConversation, unreadTotal } from './conversations';
import { listMassMessages, massMessageFor, sendMassMessage, unsendMassMessage } from './mass';
import { deleteMessage, listMessages, messageFieldsSchema, messageFileStatus, readAll, sendMessage, sendMessageWithFile } from './messages';

const idParams = z.object({ id: z.uuid('must be an id') });

/** What each message upload becomes: media for one reader at a time, so protected; thumbnails are previews. */
const uploadKinds = {
  photo: { type: 'message-photo', media: 'image', access: 'protected' },
  video: { type: 'message-video', media: 'video', access: 'protected' },
  audio: { type: 'message-audio', media: 'audio', access: 'protected' },
  thumbnail: { type: 'message-thumbnail', media: 'image', access: 'public' },
} as const satisfies Record<string, UploadKind>;

/** Each attachment upload as the API document names it. */
const uploadOperations = {
  photo: { summary: 'Upload a photo to attach to a message', operationId: 'uploadMessagePhoto' },
  video: { summary: 'Upload a video to attach to a message', operationId: 'uploadMessageVideo' },
  audio: { summary: 'Upload an audio clip to attach to a message', operationId: 'uploadMessageAudio' },
  thumbnail: { summary: 'Upload a preview thumbnail to attach to a message', operationId: 'uploadMessageThumbnail' },
} as const satisfies Record<keyof typeof uploadKinds, { summary: string; operationId: string }>;

/** Attachments an account may upload a minute, before its media budget (decision 062). */
const MESSAGE_UPLOADS_PER_MINUTE = 60;

const perAccount = (request: FastifyRequest) => request.session?.user.id ?? request.ip;

/** Conversations and messages (spec 7), between a fan and a creator (decision 013). */
export const messagesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Every route that sends a direct message (and a tip with one) draws from one per-account budget.
    const sends = [requireUser, drawsFrom(deps.budgets, messageBudget)];
    app.post(
      '/conversations',
      {
        preHandler: requireUser,
        schema: {
          tags: ['messages'],
          summary: 'Open the conversation with a user, made on first use',
          operationId: 'openConversation',
          body: createConversationSchema,
          response: { 200: conversationSchema },
        },
      },
      async (request) => openConversation(deps, sessionOf(request).user, request.body.sourceId),
    );

    for (const path of ['/conversations', '/conversations/search']) {
      app.get(
        path,
        {
          preHandler: requireUser,
          schema: {
            tags: ['messages'],
            summary:
              path === '/conversations' ? "List the signed-in user's conversations" : "Search the signed-in user's conversations by name",
            operationId: path === '/conversations' ? 'listConversations' : 'searchConversations',
            querystring: conversationQuerySchema,
            response: { 200: listResponseSchema(conversationSchema) },
          },
        },
        async (request) => listConversations(deps, sessionOf(request).user, request.query),
      );
    }

    app.get(
      '/conversations/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['messages'],
          summary: "Get one of the signed-in user's conversations",
          operationId: 'getConversation',
          params: idParams,
          response: { 200: conversationSchema },
        },
      },
      async (request) => conversationFor(deps, sessionOf(request).user, request.params.id),
    );

    app.get(
      '/messages/conversations/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['messages'],
          summary: "List a conversation's messages, newest first",
          operationId: 'listConversationMessages',
          params: idParams,
          querystring: messageQuerySchema,
          response: { 200: listResponseSchema(messageSchema) },
        },
      },
      async (request) => listMessages(deps, sessionOf(request).user, request.params.id, request.query),
    );

    app.post(
      '/messages/conversations/:id',
      {
        preHandler: sends,
        schema: {
          tags: ['messages'],
          summary: 'Send a message in a conversation',
          operationId: 'sendConversationMessage',
          params: idParams,
          body: sendMessageSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => sendMessage(deps, sessionOf(request).user, request.params.id, request.body),
    );

    app.delete(
      '/messages/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['messages'],
          summary: 'Take back a message you sent',
          operationId: 'deleteConversationMessage',
          params: idParams,
          response: { 200: messageSchema },
        },
      },
      async (request) => deleteMessage(deps, sessionOf(request).user, request.params.id),
    );

    app.get(
      '/messages/total-unread-messages',
      {
        preHandler: requireUser,
        schema: {
          tags: ['messages'],
          summary: "Get the signed-in user's unread message count",
          operationId: 'getUnreadMessageCount',
          response: { 200: unreadTotalSchema },
        },
      },
      async (request) => ({ total: await unreadTotal(deps.db, sessionOf(request).user.id) }),
    );

    app.post(
      '/messages/read-all/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['messages'],
          summary: 'Mark every message of a conversation as read',
          operationId: 'markConversationRead',
          params: idParams,
          response: { 200: unreadTotalSchema },
        },
      },
      async (request) => readAll(deps, sessionOf(request).user, request.params.id),
    );

    app.get(
      '/messages/:id/file/:fileId/status',
      {
        preHandler: requireUser,
        schema: {
          tags: ['messages'],
          summary: "Get the processing status of a message's attached file",
          operationId: 'getMessageFileStatus',
          params: z.object({ id: z.uuid('must be an id'), fileId: z.uuid('must be an id') }),
          response: { 200: z.object({ status: z.enum(fileStatuses), error: z.string().nullable() }) },
        },
      },
      async (request) => messageFileStatus(deps, sessionOf(request).user, request.params.id, request.params.fileId),
    );

    app.post(
      '/messages/mass',
      {
        preHandler: requirePerformer,
        config: { rateLimit: { max: 10, timeWindow: '1 hour', keyGenerator: perAccount } },
        schema: {
          tags: ['messages'],
          summary: "Send a mass message to the creator's subscribers or followers",
          operationId: 'sendMassMessage',
          body: sendMassMessageSchema,
          response: { 200: massMessageSchema },
        },
      },
      async (request) => sendMassMessage(deps, sessionOf(request).user, request.body),
    );

    app.get(
      '/messages/mass',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['messages'],
          summary: "List the signed-in creator's mass messages",
          operationId: 'listMassMessages',
          querystring: messageQuerySchema,
          response: { 200: listResponseSchema(massMessageSchema) },
        },
      },
      async (request) => listMassMessages(deps, sessionOf(request).user, request.query),
    );

    app.get(
      '/messages/mass/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['messages'],
          summary: "Get one of the signed-in creator's mass messages",
          operationId: 'getMassMessage',
          params: idParams,
          response: { 200: massMessageSchema },
        },
      },
      async (request) => massMessageFor(deps, sessionOf(request).user, request.params.id),
    );

    app.delete(
      '/messages/mass/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['messages'],
          summary: 'Take back a mass message from every recipient',
          operationId: 'deleteMassMessage',
          params: idParams,
          response: { 200: massMessageSchema },
        },
      },
      async (request) => unsendMassMessage(deps, sessionOf(request).user, request.params.id),
    );

    for (const kind of ['photo', 'video'] as const) {
      app.post(
        `/messages/private/file/${kind}`,
        {
          preHandler: sends,
          schema: {
            tags: ['messages'],
            summary: `Send a message with a ${kind} in one upload`,
            operationId: kind === 'photo' ? 'sendMessageWithPhoto' : 'sendMessageWithVideo',
            description: `Multipart: a message with its ${kind}: the file under the field name file, then the fields conversationId, text and (for creators) price.`,
            ...multipartForm({ file: { accepts: uploadKinds[kind].media, required: true } }, messageFieldsSchema),
            response: { 200: messageSchema },
          },
        },
        async (request) => sendMessageWithFile(deps, sessionOf(request).user, uploadKinds[kind], request),
      );
    }

    for (const [kind, uploadKind] of Object.entries(uploadKinds)) {
      app.post(
        `/messages/public/file/${kind}`,
        {
          preHandler: requireUser,
          // Room for a creator's mass message of many pictures; a script's stream of them stops here.
          config: perAccountRateLimit(MESSAGE_UPLOADS_PER_MINUTE, '1 minute'),
          schema: {
            tags: ['messages'],
            summary: uploadOperations[kind as keyof typeof uploadKinds].summary,
            operationId: uploadOperations[kind as keyof typeof uploadKinds].operationId,
            description: `Multipart: a ${kind} to attach to a message, under the field name file. Images are ready at once; audio and video report processing until done.`,
            ...multipartForm({ file: { accepts: uploadKind.media, required: true } }),
            response: { 200: mediaFileSchema },
          },
        },
        async (request) => uploadMedia(deps, sessionOf(request).user, uploadKind, request),
      );
    }
  };
