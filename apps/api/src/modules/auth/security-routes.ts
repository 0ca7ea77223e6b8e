import { activeSessionSchema, knownDeviceSchema, listResponseSchema, oneTimeTokenSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { endWebSession } from '../../platform/web-session';
import { confirmEmailChange, undoEmailChange } from '../users';
import { forgetKnownDevice, listKnownDevices } from './devices';
import { activeSessions, endOtherSessions, endSession } from './sessions';

const messageSchema = z.object({ message: z.string() });
const emailAnswerSchema = messageSchema.extend({ email: z.string() });

/** Where the account is signed in, the devices it knows, and the links that change or restore its sign-in e-mail. */
export const securityRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const limited = { config: { rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: '1 minute' } } };

    app.get(
      '/auth/sessions',
      {
        preHandler: requireUser,
        schema: {
          tags: ['auth'],
          summary: 'List the sessions the signed-in account is signed in with',
          operationId: 'listSignInSessions',
          response: { 200: listResponseSchema(activeSessionSchema) },
        },
      },
      async (request) => {
        const data = await activeSessions(deps, sessionOf(request));
        return { data, total: data.length };
      },
    );

    app.delete(
      '/auth/sessions/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['auth'],
          summary: 'Sign out of one session of the signed-in account',
          operationId: 'endSignInSession',
          params: z.object({ id: z.uuid('must be an id') }),
          response: { 200: messageSchema },
        },
      },
      async (request, reply) => {
        const current = sessionOf(request);
        await endSession(deps, current, request.params.id);
        if (current.id === request.params.id) endWebSession(deps.config, reply);
        return { message: 'Signed out of that session' };
      },
    );

    app.delete(
      '/auth/sessions',
      {
        preHandler: requireUser,
        schema: {
          tags: ['auth'],
          summary: 'Sign out of every other session of the signed-in account',
          operationId: 'endOtherSignInSessions',
          response: { 200: messageSchema.extend({ ended: z.number().int() }) },
        },
      },
      async (request) => {
        const ended = await endOtherSessions(deps, sessionOf(request));
        return { message: ended ? `Signed out of ${ended} other session${ended === 1 ? '' : 's'}` : 'No other session was open', ended };
      },
    );

    app.get(
      '/auth/devices',
      {
        preHandler: requireUser,
        schema: {
          tags: ['auth'],
          summary: 'List the devices the signed-in account has signed in from',
          operationId: 'listKnownDevices',
          response: { 200: listResponseSchema(knownDeviceSchema) },
        },
      },
      async (request) => {
        const data = await listKnownDevices(deps.db, sessionOf(request).user.id);
        return { data, total: data.length };
      },
    );

    app.delete(
      '/auth/devices/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['auth'],
          summary: 'Forget a known device of the signed-in account',
          operationId: 'forgetKnownDevice',
          params: z.object({ id: z.uuid('must be an id') }),
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await forgetKnownDevice(deps.db, sessionOf(request).user.id, request.params.id);
        return { message: 'Device forgotten: its next sign-in will be treated as new' };
      },
    );

    app.post(
      '/auth/email-change/confirm',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Confirm a new sign-in e-mail address with a link token',
          operationId: 'confirmEmailChange',
          body: oneTimeTokenSchema,
          response: { 200: emailAnswerSchema },
        },
      },
      async (request) => {
        const { email } = await confirmEmailChange(deps, request.body.token);
        return { email, message: `You now sign in with ${email}. Every other device was signed out.` };
      },
    );

    app.post(
      '/auth/email-change/undo',
      {
        ...limited,
        schema: {
          tags: ['auth'],
          summary: 'Undo a sign-in e-mail change with a link token',
          operationId: 'undoEmailChange',
          body: oneTimeTokenSchema,
          response: { 200: emailAnswerSchema },
        },
      },
      async (request) => {
        const { email } = await undoEmailChange(deps, request.body.token);
        return {
          email,
          message: `Your account signs in with ${email} again and every device was signed out. We have sent a link there to choose a new password.`,
        };
      },
    );
  };
