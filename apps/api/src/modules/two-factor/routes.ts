import {
  addPasskeySchema,
  confirmTotpSchema,
  disableTotpSchema,
  listResponseSchema,
  passkeyOptionsAnswerSchema,
  passkeySchema,
  recoveryCodesSchema,
  regenerateRecoveryCodesSchema,
  stepUpAnswerSchema,
  stepUpSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { perAccountRateLimit, requireUser, sessionOf } from '../../platform/auth';
import { auditSourceOf } from '../audit';
import type { FactorInput } from './factors';
import { addPasskey, assertionOptions, listPasskeys, registrationOptions, removePasskey } from './passkeys';
import { confirmTotp, disableTotp, regenerateRecoveryCodes, setupTotp, stepUp, twoFactorStatus } from './service';

const messageSchema = z.object({ message: z.string() });
const tags = ['two-factor'];

/** Enrolling and managing second factors, and stepping up (decision 048): the signed-in account's own. */
export const twoFactorRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const guarded = { preHandler: requireUser, config: perAccountRateLimit(30, '1 minute') };

    app.get(
      '/auth/2fa',
      {
        ...guarded,
        schema: {
          tags,
          summary: "Get the signed-in account's two-factor status",
          operationId: 'getTwoFactorStatus',
          response: { 200: twoFactorStatusSchema },
        },
      },
      async (request) => twoFactorStatus(deps, sessionOf(request)),
    );

    app.post(
      '/auth/2fa/totp/setup',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Start setting up an authenticator app',
          operationId: 'startTotpSetup',
          response: { 200: totpSetupSchema },
        },
      },
      async (request) => setupTotp(deps, sessionOf(request).user),
    );

    app.post(
      '/auth/2fa/totp/confirm',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Confirm an authenticator app and get recovery codes',
          operationId: 'confirmTotpSetup',
          body: confirmTotpSchema,
          response: { 200: recoveryCodesSchema },
        },
      },
      async (request) => confirmTotp(deps, sessionOf(request).user, request.body.code, auditSourceOf(request)),
    );

    app.post(
      '/auth/2fa/totp/disable',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Turn off two-factor sign-in with an authenticator app',
          operationId: 'disableTotp',
          body: disableTotpSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await disableTotp(deps, sessionOf(request).user, request.body, auditSourceOf(request));
        return { message: 'Two-factor sign-in with an authenticator app is off' };
      },
    );

    app.post(
      '/auth/2fa/recovery-codes',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Replace the recovery codes with a new set',
          operationId: 'regenerateRecoveryCodes',
          body: regenerateRecoveryCodesSchema,
          response: { 200: recoveryCodesSchema },
        },
      },
      async (request) => regenerateRecoveryCodes(deps, sessionOf(request).user, request.body as FactorInput, auditSourceOf(request)),
    );

    app.post(
      '/auth/2fa/step-up',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Prove a second factor on this session for payout changes',
          operationId: 'stepUpSession',
          description: 'Proves a second factor on this session; payout changes and requests accept it for 10 minutes.',
          body: stepUpSchema,
          response: { 200: stepUpAnswerSchema },
        },
      },
      async (request) => stepUp(deps, sessionOf(request), request.body),
    );

    app.get(
      '/auth/passkeys',
      {
        ...guarded,
        schema: {
          tags,
          summary: "List the signed-in account's passkeys",
          operationId: 'listPasskeys',
          response: { 200: listResponseSchema(passkeySchema) },
        },
      },
      async (request) => {
        const data = await listPasskeys(deps.db, sessionOf(request).user.id);
        return { data, total: data.length };
      },
    );

    app.post(
      '/auth/passkeys/registration-options',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Get options to register a new passkey',
          operationId: 'getPasskeyRegistrationOptions',
          response: { 200: passkeyOptionsAnswerSchema },
        },
      },
      async (request) => registrationOptions(deps, sessionOf(request).user),
    );

    app.post(
      '/auth/passkeys',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Add a passkey to the signed-in account',
          operationId: 'addPasskey',
          body: addPasskeySchema,
          response: { 201: passkeySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await addPasskey(deps, sessionOf(request).user, request.body, auditSourceOf(request))),
    );

    app.delete(
      '/auth/passkeys/:id',
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Remove a passkey from the signed-in account',
          operationId: 'removePasskey',
          params: z.object({ id: z.uuid('must be an id') }),
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await removePasskey(deps, sessionOf(request).user, request.params.id, auditSourceOf(request));
        return { message: 'Passkey removed' };
      },
    );

    app.post(
      '/auth/passkeys/assertion-options',
      {
        ...guarded,
        schema: {
          tags,
          summary: "Get options to prove a second factor with the account's passkey",
          operationId: 'getPasskeyAssertionOptions',
          description: "Options to sign with one of this account's passkeys (a step-up, turning the app off); send back the challengeId.",
          response: { 200: passkeyOptionsAnswerSchema },
        },
      },
      async (request) => assertionOptions(deps, sessionOf(request).user.id),
    );
  };
