import { acceptAgreementsSchema, agreementSchema, pendingAgreementSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { acceptedAgreements, pendingAgreements, recordAgreements } from './service';

/** Accepting the Terms, the Privacy policy and the age confirmation after sign-up (decision 050). */
export const agreementsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/agreements',
      {
        preHandler: requireUser,
        schema: {
          tags: ['auth'],
          summary: "Get the signed-in account's accepted and pending agreements",
          operationId: 'getAgreements',
          description: 'What the signed-in account accepted (each version, with the time) and what it has yet to accept.',
          response: { 200: z.object({ accepted: z.array(agreementSchema), pending: z.array(pendingAgreementSchema) }) },
        },
      },
      async (request) => {
        const { user } = sessionOf(request);
        const [accepted, pending] = await Promise.all([acceptedAgreements(deps.db, user.id), pendingAgreements(deps.db, user)]);
        return { accepted, pending };
      },
    );

    app.post(
      '/agreements/accept',
      {
        preHandler: requireUser,
        schema: {
          tags: ['auth'],
          summary: 'Accept the current Terms and Privacy policy and confirm age 18+',
          operationId: 'acceptAgreements',
          description: 'Confirms being 18 or older and accepts the current Terms and Privacy policy.',
          body: acceptAgreementsSchema,
          response: { 200: z.object({ pendingAgreements: z.array(pendingAgreementSchema) }) },
        },
      },
      async (request) => {
        const { user } = sessionOf(request);
        await recordAgreements(deps.db, user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
        return { pendingAgreements: await pendingAgreements(deps.db, user) };
      },
    );
  };
