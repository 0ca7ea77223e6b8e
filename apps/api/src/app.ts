import { randomUUID } from 'node:crypto';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorCode } from '@limelight/contracts';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { type DatabaseHandle, openEmbedded, openPostgres } from './db/client';
import type { Deps, Sellable } from './deps';
import { standingRefusal } from './modules/access';
import { adminRoutes } from './modules/admin/routes';
import { agreementsRoutes } from './modules/agreements/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { securityRoutes } from './modules/auth/security-routes';
import { registerAuthJobs } from './modules/auth/service';
import { socialAuthRoutes } from './modules/auth/social-routes';
import { blocksRoutes } from './modules/blocks/routes';
import { closingRoutes, registerMediaRemoval } from './modules/closing';
import { countCommentLikes, reachableComment } from './modules/comments';
import { commentsRoutes } from './modules/comments/routes';
import { contactRoutes } from './modules/contact/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { earningsRoutes } from './modules/earnings/routes';
import { emailsRoutes } from './modules/emails/routes';
import { feedSellable } from './modules/feeds';
import { feedsRoutes } from './modules/feeds/routes';
import { followsRoutes } from './modules/follows/routes';
import { gallerySellable } from './modules/galleries';
import { galleriesRoutes } from './modules/galleries/routes';
import { healthRoutes } from './modules/health/routes';
import { lookupsRoutes } from './modules/lookups/routes';
import { registerMediaProcessing } from './modules/media/processing';
import { mediaRoutes } from './modules/media/routes';
import {
  messageFileSettled,
  messageSellable,
  registerMassDelivery,
  registerMessagingEvents,
  registerUnsentUploadSweep,
  tipInConversation,
} from './modules/messages';
import { messagesRoutes } from './modules/messages/routes';
import { registerNotificationDelivery } from './modules/notifications';
import { notificationsRoutes } from './modules/notifications/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { stripeRoutes } from './modules/payments/stripe-routes';
import { payoutsRoutes } from './modules/payouts/routes';
import { performersRoutes } from './modules/performers/routes';
import { postsRoutes } from './modules/posts/routes';
import { reactionsRoutes } from './modules/reactions/routes';
import { reportsRoutes } from './modules/reports/routes';
import { searchRoutes } from './modules/search/routes';
import { registerMaintenanceGate } from './modules/settings/maintenance';
import { settingsRoutes } from './modules/settings/routes';
import { productSellable } from './modules/shop';
import { shopRoutes } from './modules/shop/routes';
import { sitePromosRoutes } from './modules/site-promos/routes';
import { sitemapRoutes } from './modules/sitemap';
import { countStoryLikes, reachableStory } from './modules/stories';
import { storiesRoutes } from './modules/stories/routes';
import {
  registerLiveEvents,
  registerPrivateShowEvents,
  registerPrivateShowJobs,
  registerStreamingEvents,
  registerStreamingJobs,
  startRtmp,
  streamSellable,
  streamTipSellable,
  tipInSession,
} from './modules/streaming';
import { livePlaybackRoutes } from './modules/streaming/live-routes';
import { streamingRoutes } from './modules/streaming/routes';
import { subscriptionSellable } from './modules/subscriptions';
import { registerRenewals } from './modules/subscriptions/renewals';
import { subscriptionsRoutes } from './modules/subscriptions/routes';
import { tokenPackagesRoutes } from './modules/token-packages/routes';
import { registerSecondFactorGate, twoFactorRoutes } from './modules/two-factor';
import { accountPresence } from './modules/users';
import { usersRoutes } from './modules/users/routes';
import { videoSellable } from './modules/videos';
import { videosRoutes } from './modules/videos/routes';
import { tipSellable } from './modules/wallet';
import { walletRoutes } from './modules/wallet/routes';
import { createAccountBudgets } from './platform/account-budgets';
import { registerSessionResolution } from './platform/auth';
import { closeRedis, createInMemoryBus, createRedisBus, FAIL_FAST, newRedis } from './platform/bus';
import { registerClientCountry } from './platform/client-country';
import { registerDatabaseUpkeep } from './platform/database-upkeep';
import { body, inputValidatorCompiler, registerApiNotFound, registerErrorHandler } from './platform/errors';
import { createGeoLookup } from './platform/geo';
import { createGoogleSignIn } from './platform/google';
import { createJobs } from './platform/jobs';
import { registerLedgerChecks } from './platform/ledger-check';
import { createLiveMedia } from './platform/live-media';
import { createMailer, registerMailSending } from './platform/mail';
import { registerMetrics } from './platform/metrics';
import { apiTags, documentErrors, documentRoute, securitySchemes } from './platform/openapi';
import { redisOrLocalStore } from './platform/rate-limit-store';
import { createRealtime } from './platform/realtime';
import { registerRequestLog, requestLogger } from './platform/request-log';
import { createS3Storage } from './platform/s3-storage';
import { sharedSecret } from './platform/secrets';
import { registerSecurityHeaders } from './platform/security-headers';
import { sellablesOf } from './platform/selling';
import { cacheSessions } from './platform/session-cache';
import { SettingsCache } from './platform/settings-cache';
import { createLocalStorage, createMediaSigner } from './platform/storage';
import { enableTracing, flushTraces } from './platform/tracing';
import { createTwitterSignIn } from './platform/twitter';
import { assertFormDeclared, formAsBody, MULTIPART_LIMITS } from './platform/uploads';
import { registerWebApp } from './platform/web-app';

/** Outside components a caller may hand in instead of having them built from the config. */
export type Adapters = {
  database?: DatabaseHandle;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Things to sell beside the site's own (a test's seller, decision 076). */
  sellables?: Sellable[];
};
export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The adapters and services this instance runs on (tests and the CLI reach them here). */
    deps: Deps;
    /** The port this process ingests RTMP on, once it listens; undefined when RTMP is off or another process has the port. */
    rtmpPort: number | undefined;
  }
}

export async function buildApp(config: Config, adapters: Adapters = {}): Promise<App> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(adapters.logStream
        ? { stream: adapters.logStream }
        : {
            transport: config.prettyLogs
              ? { target: 'pino-pretty', options: { ignore: 'pid,hostname', translateTime: 'SYS:HH:MM:ss' } }
              : undefined,
          }),
      serializers: {
        // The path only: query strings carry search terms and e-mail addresses (decision 015).
        req: (request: { method: string; url: string }) => ({ method: request.method, url: request.url.split('?')[0] }),
      },
    },
    // platform/request-log.ts writes one line per answer instead of Fastify's two, and makes
    // each request's child logger only when that request writes.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: requestLogger,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: 200 },
    // Every route validates and serialises with zod. Named here rather than set after start,
    // Fastify does not load its default compilers (ajv with its formats, fast-json-stringify),
    // which no route uses and which took about a tenth of a restart (decision 019). Fastify's
    // types describe ajv's factories; these are what `setValidatorCompiler` would install.
    schemaController: {
      compilersFactory: {
        buildValidator: () => inputValidatorCompiler,
        buildSerializer: () => serializerCompiler,
      },
    } as unknown as FastifyServerOptions['schemaController'],
    // Malformed URLs and over-long path parameters answer in the one error shape too (no hook
    // runs for them, so the request id header is set here).
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode ?? 400;
      (reply as FastifyReply)
        .status(status)
        .header('x-request-id', request.id)
        .send(body(request, status, ErrorCode.validation, error.message));
    },
  });
  registerErrorHandler(app);
  app.addHook('onRoute', assertFormDeclared);
  registerSecurityHeaders(app);
  registerRequestLog(app);
  if (config.tracing) {
    enableTracing();
    app.addHook('onClose', flushTraces);
  }

  const database =
    adapters.database ??
    (config.databaseUrl
      ? await openPostgres(config.databaseUrl, (error) => app.log.error({ err: error }, 'idle database connection failed'))
      : await openEmbedded(config.dataDir));
  const stopCachingSessions = await cacheSessions(database, app.log);
  const bus = config.redisUrl ? createRedisBus(config.redisUrl, app.log) : createInMemoryBus();
  const settings = new SettingsCache(database.db, bus, app.log);
  await settings.start();
  const realtime = createRealtime({
    server: app.server,
    db: database.db,
    redisUrl: config.redisUrl,
    log: app.log,
    presence: accountPresence(database.db),
    refuseAccount: (user) => standingRefusal(user),
    publicUrl: config.publicUrl,
    eventLimitScale: config.socketEventLimitScale,
  });
  const storage = config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'storage'));
  const rateLimitRedis = config.redisUrl ? newRedis(config.redisUrl, app.log, 'rate limits', FAIL_FAST) : undefined;
  const deps: Deps = {
    config,
    db: database.db,
    settings,
    mailer: createMailer({ smtpUrl: config.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox') }),
    storage,
    mediaSigner: createMediaSigner(await sharedSecret(database.db, 'media-signing')),
    geo: createGeoLookup(),
    realtime,
    live: createLiveMedia({ db: database.db, storage, bus, log: app.log, maxTranscodes: config.liveMaxTranscodes }),
    jobs: createJobs(database.db, app.log, {
      default: config.jobsConcurrency,
      media: config.jobsConcurrency === 0 ? 0 : config.mediaConcurrency,
    }),
    google: createGoogleSignIn(config.google),
    twitter: createTwitterSignIn(config.twitterBaseUrl),
    budgets: createAccountBudgets(database.db, rateLimitRedis),
    sellables: sellablesOf([
      tipSellable({ session: tipInSession, conversation: tipInConversation }),
      feedSellable,
      videoSellable,
      gallerySellable,
      productSellable,
      messageSellable,
      streamSellable,
      streamTipSellable,
      subscriptionSellable,
      ...(adapters.sellables ?? []),
    ]),
    log: app.log,
  };
  app.decorate('deps', deps);
  registerMetrics(app, { database, sockets: () => realtime.io.engine.clientsCount, token: config.metricsToken });
  registerLedgerChecks(deps.jobs, deps.db, config.ledgerCheckIntervalMs);
  await registerDatabaseUpkeep(deps.jobs, database, app.log);
  registerClientCountry(app, deps.geo);
  registerMediaProcessing(deps, { settled: (fileId) => messageFileSettled(deps, fileId) });
  registerMessagingEvents(deps);
  registerMassDelivery(deps);
  registerUnsentUploadSweep(deps);
  registerStreamingEvents(deps);
  registerLiveEvents(deps);
  registerStreamingJobs(deps);
  registerPrivateShowEvents(deps);
  registerPrivateShowJobs(deps);
  registerNotificationDelivery(deps);
  registerMailSending(deps.jobs, deps.mailer, () => ({ name: settings.get('siteName'), address: settings.get('senderEmail') }));
  registerRenewals(deps);
  registerAuthJobs(deps);
  registerMediaRemoval(deps);

  // RTMP is ingested by a serving process (once its HTTP server listens), never by the CLI.
  let rtmp: Awaited<ReturnType<typeof startRtmp>>;
  app.decorate('rtmpPort', { getter: () => rtmp?.port });
  app.addHook('onListen', async () => {
    rtmp = await startRtmp(deps);
  });
  // Fastify closes idle connections when it stops and waits for the rest, which a client that
  // never finishes (a paused player mid-segment, a half-sent upload) would hold open for ever.
  let cutOff: NodeJS.Timeout | undefined;
  // A keep-alive connection whose request is answered during the drain would otherwise stay open
  // (and the process with it) until the grace period ends: each is closed as soon as it is idle.
  let reapIdle: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    cutOff = setTimeout(() => app.server.closeAllConnections(), config.shutdownGraceMs);
    reapIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    await rtmp?.close();
    await deps.live.close();
    // Jobs first: one still running may push a socket event, which needs the realtime adapter.
    await deps.jobs.close();
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    clearTimeout(cutOff);
    clearInterval(reapIdle);
    if (rateLimitRedis) await closeRedis(rateLimitRedis);
    await bus.close();
    await stopCachingSessions();
    if (!adapters.database) await database.close();
  });

  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Counted once the request is valid and its guard passed: a mistyped form does not use up
    // the allowance, and per-account limits can see who is asking.
    hook: 'preHandler',
    ...(rateLimitRedis ? { store: redisOrLocalStore(rateLimitRedis, 'limelight-rate-limit-') } : {}),
    errorResponseBuilder: (request, context) => ({
      ...body(request, 429, ErrorCode.rateLimited, `Too many requests, please try again in ${Math.ceil(context.ttl / 1000)} seconds`),
      // @fastify/rate-limit throws what this returns; the status travels with it.
      statusCode: 429,
    }),
  });
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Limelight API',
        version: '1.0.0',
        description: 'The API of Limelight, a subscription platform for creators and their fans. Errors share one shape (ErrorBody).',
      },
      servers: [{ url: '/api' }],
      tags: apiTags,
      components: { securitySchemes },
    },
    transform: (input) => documentRoute(jsonSchemaTransform(formAsBody(input)), input.route),
    transformObject: documentErrors,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      // JSON answers of 1 KB and more go out brotli or gzip; smaller ones gain less than the
      // header costs. Only JSON: media (ranges, already-compressed formats) and the web app's
      // precompressed files are left as they are, and request bodies are never inflated here.
      await api.register(compress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        customTypes: /^application\/json\b/,
        globalDecompression: false,
      });
      registerApiNotFound(api);
      registerSessionResolution(api, database.db, config, (user) => standingRefusal(user));
      registerMaintenanceGate(api, deps);
      registerSecondFactorGate(api, deps);
      await api.register(healthRoutes({ ...deps, databaseKind: database.kind, redis: rateLimitRedis }));
      await api.register(settingsRoutes(deps));
      await api.register(authRoutes(deps));
      await api.register(securityRoutes(deps));
      await api.register(twoFactorRoutes(deps));
      await api.register(usersRoutes(deps));
      await api.register(closingRoutes(deps));
      await api.register(messagesRoutes(deps));
      await api.register(streamingRoutes(deps));
      await api.register(livePlaybackRoutes(deps));
      await api.register(notificationsRoutes(deps));
      await api.register(shopRoutes(deps));
      await api.register(performersRoutes(deps));
      await api.register(adminRoutes(deps));
      await api.register(auditRoutes(deps));
      await api.register(agreementsRoutes(deps));
      await api.register(blocksRoutes(deps));
      await api.register(lookupsRoutes);
      await api.register(followsRoutes(deps));
      await api.register(
        reactionsRoutes(deps, {
          comment: { reach: reachableComment, countLikes: countCommentLikes },
          story: { reach: reachableStory, countLikes: countStoryLikes },
        }),
      );
      await api.register(mediaRoutes(deps));
      await api.register(searchRoutes(deps));
      await api.register(socialAuthRoutes(deps));
      await api.register(contactRoutes(deps));
      await api.register(emailsRoutes(deps));
      await api.register(postsRoutes(deps));
      await api.register(sitePromosRoutes(deps));
      await api.register(tokenPackagesRoutes(deps));
      await api.register(feedsRoutes(deps));
      await api.register(walletRoutes(deps));
      await api.register(paymentsRoutes(deps));
      await api.register(stripeRoutes(deps));
      await api.register(subscriptionsRoutes(deps));
      await api.register(earningsRoutes(deps));
      await api.register(dashboardRoutes(deps));
      await api.register(payoutsRoutes(deps));
      await api.register(commentsRoutes(deps));
      await api.register(reportsRoutes(deps));
      await api.register(storiesRoutes(deps));
      await api.register(videosRoutes(deps));
      await api.register(galleriesRoutes(deps));
    },
    { prefix: '/api' },
  );
  await app.register(sitemapRoutes(deps, config.publicUrl));
  await registerWebApp(app, config.webDistDir, config.publicUrl);

  return app;
}
