import {
  blockCountriesSchema,
  blockedUserSchema,
  blockedUsersQuerySchema,
  blockStatusSchema,
  blockUserSchema,
  listResponseSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { sessionOf } from '../../platform/auth';
import { requireBlockList } from '../access';
import * as blocks from './service';

const byId = z.object({ id: z.uuid('must be an account id') });
const countryList = z.object({ countryCodes: z.array(z.string()) });
const countriesMeaning =
  "The caller's blocked countries (decision 038): a creator's refuse visitors from them; a fan's hide creators from them.";

export const blocksRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /**
     * Whether the whole site is blocked where the caller is. The address is the connection's
     * (or X-Forwarded-For with TRUST_PROXY): a header the client chooses could not be trusted.
     */
    app.get(
      '/block/countries/check',
      {
        schema: {
          tags: ['blocks'],
          summary: "Check whether the site is blocked in the caller's country",
          operationId: 'checkSiteBlockedInCountry',
          response: { 200: z.object({ blocked: z.boolean(), country: z.string().nullable() }) },
        },
      },
      async (request) => {
        const country = deps.geo.countryOf(request.ip) ?? null;
        return { blocked: !!country && deps.settings.get('blockedCountries').includes(country), country };
      },
    );

    // Admins are never blocked and block no one: the site's own tools cover them.
    const blocker = { preHandler: requireBlockList };

    app.post(
      '/block/users',
      {
        ...blocker,
        schema: {
          tags: ['blocks'],
          summary: 'Block an account (fans and creators)',
          operationId: 'blockUser',
          body: blockUserSchema,
          response: { 200: blockedUserSchema },
        },
      },
      async (request) => blocks.blockUser(deps, sessionOf(request).user, request.body),
    );

    app.get(
      '/block/users',
      {
        ...blocker,
        schema: {
          tags: ['blocks'],
          summary: 'List the accounts the signed-in fan or creator blocked',
          operationId: 'listBlockedUsers',
          querystring: blockedUsersQuerySchema,
          response: { 200: listResponseSchema(blockedUserSchema) },
        },
      },
      async (request) => blocks.blockedUsers(deps, sessionOf(request).user, request.query),
    );

    app.get(
      '/block/users/:id',
      {
        ...blocker,
        schema: {
          tags: ['blocks'],
          summary: 'Check whether the signed-in fan or creator blocked an account',
          operationId: 'getUserBlockStatus',
          params: byId,
          response: { 200: blockStatusSchema },
        },
      },
      async (request) => blocks.blockStatus(deps, sessionOf(request).user, request.params.id),
    );

    app.delete(
      '/block/users/:id',
      {
        ...blocker,
        schema: { tags: ['blocks'], summary: 'Unblock an account (fans and creators)', operationId: 'unblockUser', params: byId },
      },
      async (request, reply) => {
        await blocks.unblockUser(deps, sessionOf(request).user, request.params.id);
        return reply.status(204).send();
      },
    );

    app.get(
      '/block/countries',
      {
        ...blocker,
        schema: {
          tags: ['blocks'],
          summary: "List the signed-in fan's or creator's blocked countries",
          operationId: 'listBlockedCountries',
          description: countriesMeaning,
          response: { 200: countryList },
        },
      },
      async (request) => blocks.blockedCountries(deps, sessionOf(request).user),
    );

    app.post(
      '/block/countries',
      {
        ...blocker,
        schema: {
          tags: ['blocks'],
          summary: "Replace the signed-in fan's or creator's blocked countries",
          operationId: 'updateBlockedCountries',
          description: countriesMeaning,
          body: blockCountriesSchema,
          response: { 200: countryList },
        },
      },
      async (request) => blocks.setBlockedCountries(deps, sessionOf(request).user, request.body.countryCodes),
    );
  };
