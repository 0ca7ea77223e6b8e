import {
  adminSessionQuerySchema,
  agoraTokenInputSchema,
  agoraTokenSchema,
  answerPrivateRequestSchema,
  createPrivateRequestSchema,
  goLiveSchema,
  joinSessionSchema,
  listResponseSchema,
  liveSearchQuerySchema,
  liveSessionSchema,
  messageQuerySchema,
  privateCallSchema,
  privateRequestQuerySchema,
  privateRequestSchema,
  sendStreamMessageSchema,
  setDurationSchema,
  streamConversationSchema,
  streamMessageSchema,
  streamSettingsSchema,
  updateSessionSchema,
  updateStreamConversationSchema,
  updateStreamSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { perAccountRateLimit, requireUser, sessionOf } from '../../platform/auth';
import { requireAdmin, requirePerformer } from '../access';
import { agoraToken } from './agora';
import { privateCall } from './calls';
import { clearStreamChat, listStreamMessages, performerStreamConversation, sendStreamMessage, updateStreamConversation } from './chat';
import { assertLiveStreamingOn } from './open';
import { answerPrivateRequest, listPrivateRequests, requestPrivateShow } from './private-shows';
import {
  adminEndSession,
  adminSessions,
  endForPrivateShow,
  goLive,
  joinSession,
  searchLive,
  sessionPreview,
  setDuration,
  streamSettings,
  updateSession,
  updateStream,
  viewSession,
} from './sessions';

const idParams = z.object({ id: z.uuid('must be an id') });
/**
 * Stream chat lines per fan: slow mode is the creator's choice; this is the floor that stops a
 * script whatever the setting (a person chatting fast writes about one line in 3 seconds).
 */
const STREAM_LINES_PER_MINUTE = 30;

/**
 * Live streaming (spec 7 "Streaming", stream chat, decision 023). The admin's
 * `enableLiveStreaming` switches all of it: off, every route refuses (decision 035).
 */
export const streamingRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async () => assertLiveStreamingOn(deps));
    app.post(
      '/streaming/live',
      {
        preHandler: requirePerformer,
        config: perAccountRateLimit(30, '1 minute'),
        schema: {
          tags: ['streaming'],
          summary: 'Start a live session as the signed-in creator',
          operationId: 'startLiveSession',
          body: goLiveSchema,
          response: { 200: liveSessionSchema },
        },
      },
      async (request) => goLive(deps, sessionOf(request).user, request.body),
    );
    app.put(
      '/streaming/live/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['streaming'],
          summary: "Update or end the creator's own live session",
          operationId: 'updateLiveSession',
          description: 'Its creator changes a live session or ends it (status: ended).',
          params: idParams,
          body: updateSessionSchema,
          response: { 200: liveSessionSchema },
        },
      },
      async (request) => updateSession(deps, sessionOf(request).user, request.params.id, request.body),
    );
    app.put(
      '/streaming/update',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['streaming'],
          summary: "Update the signed-in creator's stream settings or stream key",
          operationId: 'updateStreamSettings',
          description: 'The creator’s stream settings; rotateStreamKey makes a new RTMP key, shown in this answer only.',
          body: updateStreamSchema,
          response: { 200: streamSettingsSchema },
        },
      },
      async (request) => updateStream(deps, sessionOf(request).user, request.body),
    );
    app.get(
      '/streaming/settings',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['streaming'],
          summary: "Get the signed-in creator's stream settings",
          operationId: 'getStreamSettings',
          description: 'The creator’s own stream settings.',
          response: { 200: streamSettingsSchema },
        },
      },
      async (request) => streamSettings(deps, sessionOf(request).user),
    );
    app.get(
      '/streaming/live/:id',
      {
        schema: {
          tags: ['streaming'],
          summary: 'Get a live session as the viewer sees it',
          operationId: 'getLiveSession',
          description: 'A session as this viewer sees it: whether they may watch, and what subscribing or paying would take.',
          params: idParams,
          response: { 200: liveSessionSchema },
        },
      },
      async (request) => viewSession(deps, request.session?.user, request.params.id),
    );
    app.get(
      '/streaming/live/:id/preview.jpg',
      {
        schema: {
          tags: ['streaming'],
          summary: "Get a live session's link-preview picture",
          operationId: 'getLiveSessionPreviewImage',
          description:
            'A 1200x630 JPEG for Open Graph and Twitter cards: the creator\'s card marked "Live now" while the session is on, their page\'s card once it has ended.',
          params: idParams,
        },
      },
      async (request, reply) => {
        const { image } = await sessionPreview(deps, request.session?.user, request.params.id);
        // A minute: the card changes when the session ends, and previews fetch it when shared.
        return reply.type('image/jpeg').header('cache-control', 'public, max-age=60').send(image);
      },
    );
    app.put(
      '/streaming/set-duration',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['streaming'],
          summary: "Report the creator's live session heartbeat and duration",
          operationId: 'updateLiveSessionDuration',
          description: 'The broadcaster’s heartbeat; the duration only grows.',
          body: setDurationSchema,
          response: { 200: liveSessionSchema },
        },
      },
      async (request) => setDuration(deps, sessionOf(request).user, request.body),
    );
    app.get(
      '/streaming/join/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['streaming'],
          summary: 'Join a live session and get what playing it needs',
          operationId: 'joinLiveSession',
          params: idParams,
          response: { 200: joinSessionSchema },
        },
      },
      async (request) => joinSession(deps, sessionOf(request).user, request.params.id),
    );
    app.get(
      '/streaming/user/search',
      {
        schema: {
          tags: ['streaming'],
          summary: 'List live sessions on now, with their viewer counts',
          operationId: 'listLiveSessions',
          querystring: liveSearchQuerySchema,
          response: { 200: listResponseSchema(liveSessionSchema) },
        },
      },
      async (request) => searchLive(deps, request.session?.user, request.query),
    );
    app.post(
      '/streaming/agora/token',
      {
        preHandler: requireUser,
        schema: {
          tags: ['streaming'],
          summary: 'Get an Agora token for a live session or a private show',
          operationId: 'createAgoraToken',
          body: agoraTokenInputSchema,
          response: { 200: agoraTokenSchema },
        },
      },
      async (request) => agoraToken(deps, sessionOf(request).user, request.body),
    );

    app.get(
      '/conversations/stream/performer/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['streaming'],
          summary: "Get the chat of a creator's live session",
          operationId: 'getCreatorLiveChat',
          params: idParams,
          response: { 200: streamConversationSchema },
        },
      },
      async (request) => performerStreamConversation(deps, sessionOf(request).user, request.params.id),
    );
    app.put(
      '/conversations/stream/:id/update',
      {
        preHandler: requireUser,
        schema: {
          tags: ['streaming'],
          summary: "Set the slow mode of the creator's live session chat",
          operationId: 'updateLiveChatSlowMode',
          params: idParams,
          body: updateStreamConversationSchema,
          response: { 200: streamConversationSchema },
        },
      },
      async (request) => updateStreamConversation(deps, sessionOf(request).user, request.params.id, request.body),
    );
    for (const path of ['/messages/stream/:id', '/messages/conversations/public/:id']) {
      app.get(
        path,
        {
          preHandler: requireUser,
          schema: {
            tags: ['streaming'],
            summary:
              path === '/messages/stream/:id'
                ? "List a live session's chat messages"
                : "List a live session's chat messages (same as /messages/stream)",
            operationId: path === '/messages/stream/:id' ? 'listLiveChatMessages' : 'listPublicConversationMessages',
            params: idParams,
            querystring: messageQuerySchema,
            response: { 200: listResponseSchema(streamMessageSchema) },
          },
        },
        async (request) => listStreamMessages(deps, sessionOf(request).user, request.params.id, request.query),
      );
    }
    app.post(
      '/messages/stream/:id',
      {
        preHandler: requireUser,
        config: perAccountRateLimit(STREAM_LINES_PER_MINUTE, '1 minute'),
        schema: {
          tags: ['streaming'],
          summary: "Send a message in a live session's chat",
          operationId: 'sendLiveChatMessage',
          params: idParams,
          body: sendStreamMessageSchema,
          response: { 200: streamMessageSchema },
        },
      },
      async (request) => sendStreamMessage(deps, sessionOf(request).user, request.params.id, request.body),
    );
    app.delete(
      '/messages/stream/:id/remove-all-message',
      {
        preHandler: requireUser,
        schema: {
          tags: ['streaming'],
          summary: "Clear a live session's chat (its creator or an admin)",
          operationId: 'clearLiveChat',
          params: idParams,
          response: { 200: z.object({ removed: z.number().int() }) },
        },
      },
      async (request) => clearStreamChat(deps, sessionOf(request).user, request.params.id),
    );

    app.post(
      '/streaming/private-requests',
      {
        preHandler: requireUser,
        config: perAccountRateLimit(20, '1 minute'),
        schema: {
          tags: ['streaming'],
          summary: 'Ask a creator for a private show',
          operationId: 'createPrivateShowRequest',
          body: createPrivateRequestSchema,
          response: { 200: privateRequestSchema },
        },
      },
      async (request) => requestPrivateShow(deps, sessionOf(request).user, request.body),
    );
    app.get(
      '/streaming/private-requests',
      {
        preHandler: requireUser,
        schema: {
          tags: ['streaming'],
          summary: 'List private show requests to or from the signed-in user',
          operationId: 'listPrivateShowRequests',
          querystring: privateRequestQuerySchema,
          response: { 200: listResponseSchema(privateRequestSchema) },
        },
      },
      async (request) => listPrivateRequests(deps, sessionOf(request).user, request.query),
    );
    app.put(
      '/streaming/private-requests/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['streaming'],
          summary: 'Accept, decline or cancel a private show request',
          operationId: 'answerPrivateShowRequest',
          params: idParams,
          body: answerPrivateRequestSchema,
          response: { 200: privateRequestSchema },
        },
      },
      async (request) => {
        const answered = await answerPrivateRequest(deps, sessionOf(request).user, request.params.id, request.body.action);
        // Accepting takes the creator private: their public session ends, its viewers told they will be back.
        if (request.body.action === 'accept') await endForPrivateShow(deps, answered.performerId);
        return answered;
      },
    );
    app.get(
      '/streaming/private-requests/:id/call',
      {
        preHandler: requireUser,
        schema: {
          tags: ['streaming'],
          summary: "Get what a private show's party needs to place its call",
          operationId: 'getPrivateShowCall',
          description: 'What a party of an accepted or live private show needs to place its call (decision 025).',
          params: idParams,
          response: { 200: privateCallSchema },
        },
      },
      async (request) => privateCall(deps, sessionOf(request).user, request.params.id),
    );

    app.get(
      '/admin/streaming/sessions',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List live sessions, by status or creator',
          operationId: 'adminListLiveSessions',
          querystring: adminSessionQuerySchema,
          response: { 200: listResponseSchema(liveSessionSchema) },
        },
      },
      async (request) => adminSessions(deps, sessionOf(request).user, request.query),
    );
    app.post(
      '/admin/streaming/sessions/:id/end',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'End a live session',
          operationId: 'adminEndLiveSession',
          params: idParams,
          response: { 200: liveSessionSchema },
        },
      },
      async (request) => adminEndSession(deps, sessionOf(request).user, request.params.id),
    );
  };
