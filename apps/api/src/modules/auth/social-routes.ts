import { loginAnswerSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { startWebSession } from '../../platform/web-session';
import { clientMeta } from './routes';
import * as social from './social';

const role = z.enum(['user', 'performer']).default('user');
const opaque = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);

/** Sign-in with Google and Twitter (spec 7, Auth). */
export const socialAuthRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = { config: { rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' } } };

    app.post(
      '/auth/google/login',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Sign in or sign up with a Google ID token',
          operationId: 'signInWithGoogleIdToken',
          description: 'Signs in with a Google ID token (from Google Identity Services or a mobile app).',
          body: z.object({ tokenId: opaque(8000), role }),
          response: { 200: loginAnswerSchema },
        },
      },
      async (request, reply) =>
        startWebSession(deps.config, reply, await social.googleLogin(deps, request.body, clientMeta(deps, request, reply))),
    );

    app.post(
      '/auth/google/token',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Sign in or sign up with a Google authorization code',
          operationId: 'signInWithGoogleCode',
          description: 'Signs in with the authorization code Google sent back to redirectUri.',
          body: z.object({ code: opaque(2000), redirectUri: z.url('must be a URL').max(2000), role }),
          response: { 200: loginAnswerSchema },
        },
      },
      async (request, reply) =>
        startWebSession(deps.config, reply, await social.googleCodeLogin(deps, request.body, clientMeta(deps, request, reply))),
    );

    app.post(
      '/auth/twitter/login',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Start a Twitter sign-in and get its request token',
          operationId: 'startTwitterSignIn',
          description: 'Step 1: a temporary request token (kept one day) and the Twitter page to send the user to.',
          body: z.object({ role }).default({ role: 'user' }),
          response: {
            200: z.object({ oauthToken: z.string(), oauthTokenSecret: z.string(), role: z.enum(['user', 'performer']), url: z.string() }),
          },
        },
      },
      async (request) => social.twitterLogin(deps, request.body.role),
    );

    app.post(
      '/auth/twitter/callback',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Complete a Twitter sign-in with the token and verifier',
          operationId: 'completeTwitterSignIn',
          description: 'Step 2: the token and verifier Twitter sent back; completes the sign-in and clears the temporary token.',
          body: z.object({ oauthToken: opaque(500), oauthTokenSecret: opaque(500).optional(), oauthVerifier: opaque(500) }),
          response: { 200: loginAnswerSchema },
        },
      },
      async (request, reply) =>
        startWebSession(deps.config, reply, await social.twitterCallback(deps, request.body, clientMeta(deps, request, reply))),
    );
  };
