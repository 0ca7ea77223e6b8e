import {
  changePasswordSchema,
  emailVerificationRequestSchema,
  forgotPasswordSchema,
  loginAnswerSchema,
  loginSchema,
  oneTimeTokenSchema,
  passkeyOptionsAnswerSchema,
  passkeySignInSchema,
  performerDocumentFields,
  registerPerformerSchema,
  registerUserSchema,
  resetPasswordSchema,
  secondFactorPasskeyOptionsSchema,
  secondFactorSignInSchema,
  sessionSchema,
  tokenLoginSchema,
  twoFactorChallengeSchema,
} from '@limelight/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { badRequest, parseOrThrow } from '../../platform/errors';
import { verifyRecaptchaIfEnabled } from '../../platform/recaptcha';
import { multipartForm } from '../../platform/uploads';
import { endWebSession, startWebSession } from '../../platform/web-session';
import { auditSourceOf } from '../audit';
import { documentFiles, readDocumentParts } from '../performers';
import { assertionOptions } from '../two-factor';
import { deviceIdOf } from './devices';
import * as auth from './service';

const messageSchema = z.object({ message: z.string() });
const registeredSchema = messageSchema.extend({ _id: z.string(), requireEmailVerification: z.boolean() });

/** Who signs in from where; with the reply, the browser's device id too (made and set as a cookie when it has none). */
export const clientMeta = (deps: Deps, request: FastifyRequest, reply?: FastifyReply): auth.ClientMeta => ({
  userAgent: request.headers['user-agent'],
  ip: request.ip,
  deviceId: reply ? deviceIdOf(deps, request, reply) : undefined,
});

export const authRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const rateLimit = { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' };
    const limited = { config: { rateLimit } };

    app.post(
      '/auth/users/register',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Register a fan account',
          operationId: 'registerFan',
          body: registerUserSchema,
          response: { 201: registeredSchema },
        },
      },
      async (request, reply) => {
        await verifyRecaptchaIfEnabled(deps, request.body.recaptchaToken, request.ip);
        return reply.status(201).send(await auth.registerUser(deps, request.body, clientMeta(deps, request)));
      },
    );

    app.post(
      '/auth/performers/register',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Register a creator account with identity documents',
          operationId: 'registerCreator',
          description: `Multipart: the fields of registerPerformerSchema plus the files ${performerDocumentFields.join(' and ')}, each under its own field name.`,
          ...multipartForm(documentFiles(true), registerPerformerSchema),
          response: { 201: registeredSchema },
        },
      },
      async (request, reply) => {
        const { fields, documents } = await readPerformerRegistration(request);
        const input = parseOrThrow(registerPerformerSchema, fields);
        await verifyRecaptchaIfEnabled(deps, input.recaptchaToken, request.ip);
        return reply.status(201).send(await auth.registerPerformer(deps, input, documents, clientMeta(deps, request)));
      },
    );

    app.post(
      '/auth/login',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a username or e-mail and password',
          operationId: 'signIn',
          description:
            'A session, or for an account with a second factor `{ twoFactorRequired, challenge, methods }`: send the challenge with a code to POST /auth/2fa.',
          body: loginSchema,
          response: { 200: loginAnswerSchema },
        },
      },
      async (request, reply) => startWebSession(deps.config, reply, await auth.login(deps, request.body, clientMeta(deps, request, reply))),
    );

    app.post(
      '/auth/2fa',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Complete a sign-in with a second factor',
          operationId: 'completeTwoFactorSignIn',
          body: secondFactorSignInSchema,
          response: { 200: sessionSchema },
        },
      },
      async (request, reply) =>
        startWebSession(deps.config, reply, await auth.completeSecondFactor(deps, request.body, clientMeta(deps, request, reply))),
    );

    app.post(
      '/auth/2fa/passkey-options',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Get passkey options to answer a second-factor sign-in',
          operationId: 'getTwoFactorSignInPasskeyOptions',
          description: 'Options to answer a pending second-factor sign-in with a passkey; send the challengeId back to POST /auth/2fa.',
          body: secondFactorPasskeyOptionsSchema,
          response: { 200: passkeyOptionsAnswerSchema },
        },
      },
      async (request) => auth.secondFactorPasskeyOptions(deps, request.body.challenge),
    );

    app.post(
      '/auth/passkeys/sign-in/options',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Get passkey options for a password-free sign-in',
          operationId: 'getPasskeySignInOptions',
          response: { 200: passkeyOptionsAnswerSchema },
        },
      },
      async () => assertionOptions(deps),
    );

    app.post(
      '/auth/passkeys/sign-in',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a passkey',
          operationId: 'signInWithPasskey',
          body: passkeySignInSchema,
          response: { 200: sessionSchema },
        },
      },
      async (request, reply) =>
        startWebSession(deps.config, reply, await auth.passkeySignIn(deps, request.body, clientMeta(deps, request, reply))),
    );

    app.post(
      '/auth/logout',
      {
        preHandler: requireUser,
        schema: { tags: ['auth'], summary: 'Sign out of the current session', operationId: 'signOut', response: { 200: messageSchema } },
      },
      async (request, reply) => {
        await auth.logout(deps, sessionOf(request));
        endWebSession(deps.config, reply);
        return { message: 'Logged out' };
      },
    );

    app.put(
      '/auth/users/me/password',
      {
        ...limited,
        preHandler: requireUser,
        schema: {
          tags: ['auth'],
          summary: "Change the signed-in account's password",
          operationId: 'changePassword',
          body: changePasswordSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await auth.changePassword(deps, sessionOf(request), request.body, auditSourceOf(request));
        return { message: 'Changes saved' };
      },
    );

    app.post(
      '/auth/users/forgot',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Send a password reset link by e-mail',
          operationId: 'requestPasswordReset',
          body: forgotPasswordSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await auth.requestPasswordReset(deps, request.body.email);
        return { message: 'If an account uses that e-mail address, we have sent it a link to reset the password.' };
      },
    );

    app.post(
      '/auth/users/reset-password',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset link token',
          operationId: 'resetPassword',
          body: resetPasswordSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await auth.resetPassword(deps, request.body.token, request.body.password, clientMeta(deps, request));
        return { message: 'Your password has been changed. You can log in now.' };
      },
    );

    app.post(
      '/auth/email-verification',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Send a new e-mail verification link',
          operationId: 'requestEmailVerification',
          body: emailVerificationRequestSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await auth.requestEmailVerification(deps, request.body.email);
        return { message: 'If that address belongs to an unverified account, we have sent it a verification link.' };
      },
    );

    app.post(
      '/auth/email-verification/verify',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Verify an e-mail address with a link token',
          operationId: 'verifyEmail',
          body: oneTimeTokenSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await auth.verifyEmail(deps, request.body.token);
        return { message: 'Your e-mail address is verified.' };
      },
    );

    app.post(
      '/auth/token-login',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a one-time login link token',
          operationId: 'signInWithLoginToken',
          body: tokenLoginSchema,
          response: {
            200: z.union([
              sessionSchema.extend({ redirect: z.string().optional(), impersonated: z.boolean().optional() }),
              twoFactorChallengeSchema.extend({ redirect: z.string().optional() }),
            ]),
          },
        },
      },
      async (request, reply) => {
        const answer = {
          ...(await auth.loginWithOneTimeToken(deps, request.body.token, clientMeta(deps, request, reply))),
          redirect: request.body.redirect,
        };
        // An admin's log-in-as session stays in the tab that opened it (decision 052): no cookie,
        // which would replace the admin's own session in every other tab.
        return 'impersonated' in answer && answer.impersonated ? answer : startWebSession(deps.config, reply, answer);
      },
    );
  };

/** Collects text fields and the identity documents, checking each file by its content. */
async function readPerformerRegistration(request: FastifyRequest) {
  const { fields, documents } = await readDocumentParts(request);
  const missing = performerDocumentFields.filter((field) => !documents.some((document) => document.field === field));
  if (missing.length) {
    throw badRequest(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required`,
      missing.map((field) => ({ field, message: 'is required' })),
    );
  }
  return { fields, documents };
}
