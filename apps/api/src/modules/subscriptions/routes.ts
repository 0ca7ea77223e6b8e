import {
  listResponseSchema,
  subscribeResultSchema,
  subscribeSchema,
  subscriptionQuerySchema,
  subscriptionRenewalParamsSchema,
  subscriptionSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { idempotencyHeaders } from '../../platform/idempotency';
import { requirePerformer } from '../access';
import { cancelSubscription, resumeSubscription, searchSubscriptions, subscribe } from './service';

/** Subscribing, cancelling and the two sides' lists (spec 7, Subscriptions and Payments). */
export const subscriptionsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/payment/subscribe/performers',
      {
        preHandler: requireUser,
        schema: {
          tags: ['subscriptions'],
          summary: 'Subscribe to a creator: free trial, wallet or card',
          operationId: 'subscribeToCreator',
          headers: idempotencyHeaders,
          description: 'A free trial, or a plan paid from the wallet or by card. Send an Idempotency-Key header to make retries safe.',
          body: subscribeSchema,
          response: { 200: subscribeResultSchema },
        },
      },
      async (request) => subscribe(deps, sessionOf(request).user, request.body, request),
    );
    app.post(
      '/payment/:gateway/cancel-subscription/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['subscriptions'],
          summary: "Cancel a subscription's renewal, keeping access until it ends",
          operationId: 'cancelSubscription',
          description: 'Turns renewal off; access lasts until the period ends.',
          params: subscriptionRenewalParamsSchema,
          response: { 200: subscriptionSchema },
        },
      },
      async (request) => cancelSubscription(deps, sessionOf(request).user, request.params.gateway, request.params.id),
    );
    app.post(
      '/payment/:gateway/resume-subscription/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['subscriptions'],
          summary: "Turn a cancelled subscription's renewal back on",
          operationId: 'resumeSubscription',
          description: 'Turns renewal back on while a cancelled period still runs, at no charge.',
          params: subscriptionRenewalParamsSchema,
          response: { 200: subscriptionSchema },
        },
      },
      async (request) => resumeSubscription(deps, sessionOf(request).user, request.params.gateway, request.params.id),
    );
    app.get(
      '/subscriptions/user/search',
      {
        preHandler: requireUser,
        schema: {
          tags: ['subscriptions'],
          summary: "List the signed-in user's subscriptions to creators",
          operationId: 'listFanSubscriptions',
          querystring: subscriptionQuerySchema,
          response: { 200: listResponseSchema(subscriptionSchema) },
        },
      },
      async (request) => searchSubscriptions(deps, 'user', sessionOf(request).user, request.query),
    );
    app.get(
      '/subscriptions/performer/search',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['subscriptions'],
          summary: "List the signed-in creator's subscribers",
          operationId: 'listCreatorSubscribers',
          querystring: subscriptionQuerySchema,
          response: { 200: listResponseSchema(subscriptionSchema) },
        },
      },
      async (request) => searchSubscriptions(deps, 'performer', sessionOf(request).user, request.query),
    );
  };
