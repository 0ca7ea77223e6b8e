import { stripeConnectAccountSchema, stripeOnboardingLinkSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { sessionOf } from '../../platform/auth';
import { requirePerformer } from '../access';
import { assertFreshSecondFactor } from '../two-factor';
import { connectStripeAccount, stripeConnectAccount } from './connect';
import { handleStripeWebhook } from './webhooks';

/** Stripe's webhook (on its own raw-body parser, for the signature) and creators' Connect onboarding. */
export const stripeRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // The signature covers the exact bytes Stripe sent: keep them, in this plugin only.
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    app.post(
      '/payment/stripe/webhook',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['payments'],
          summary: 'Receive a signed Stripe webhook event',
          operationId: 'receiveStripeWebhook',
          description: "Stripe's events, signed with the webhook secret.",
          response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }) },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return handleStripeWebhook(deps, request.body as Buffer, typeof signature === 'string' ? signature : undefined);
      },
    );
    app.post(
      '/stripe/accounts',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['payments'],
          summary: "Start the signed-in creator's Stripe Connect onboarding",
          operationId: 'startStripeConnectOnboarding',
          description: 'A Stripe Connect account for the creator, and the link to finish setting it up on Stripe.',
          response: { 200: stripeOnboardingLinkSchema },
        },
      },
      async (request) => {
        // Where payouts go: with 2FA on, a fresh second factor first (decision 048).
        await assertFreshSecondFactor(deps, request);
        return connectStripeAccount(deps, sessionOf(request).user);
      },
    );
    app.get(
      '/stripe/accounts/me',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['payments'],
          summary: "Get the signed-in creator's Stripe Connect account status",
          operationId: 'getStripeConnectAccount',
          description:
            "The creator's Stripe Connect account as Stripe has it now: not started, details needed, pending verification or enabled.",
          response: { 200: stripeConnectAccountSchema },
        },
      },
      async (request) => stripeConnectAccount(deps, sessionOf(request).user.id),
    );
  };
