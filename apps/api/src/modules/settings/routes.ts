import { adminSettingSchema, publicSettingsSchema } from '@limelight/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { sessionOf } from '../../platform/auth';
import { requireAdmin } from '../access';
import * as settingsService from './service';

export const settingsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/settings/public',
      {
        schema: {
          tags: ['settings'],
          summary: "Get the site's public settings",
          operationId: 'getPublicSettings',
          // Documented whole; sent as the string serialised once, which the serializer passes by.
          response: { 200: publicSettingsSchema },
        },
      },
      async (request, typedReply) => {
        const reply = typedReply as FastifyReply;
        const { body, etag } = settingsService.publicSettingsBody(deps);
        reply.header('etag', etag).header('cache-control', 'no-cache').type('application/json; charset=utf-8');
        return request.headers['if-none-match'] === etag ? reply.status(304).send() : reply.send(body);
      },
    );

    app.post(
      '/settings/keys',
      {
        schema: {
          tags: ['settings'],
          summary: 'Get the values of the named public settings',
          operationId: 'getPublicSettingsByKeys',
          body: z.object({ keys: z.array(z.string().max(100)).min(1, 'must name at least one key').max(100) }),
          response: { 200: z.record(z.string(), z.unknown()) },
        },
      },
      async (request) => settingsService.settingsByKeys(deps, request.body.keys),
    );

    app.get(
      '/admin/settings',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List every site setting with its value',
          operationId: 'adminListSettings',
          response: { 200: z.array(adminSettingSchema) },
        },
      },
      async () => settingsService.adminSettings(deps),
    );

    app.put(
      '/admin/settings/:key',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Update a site setting',
          operationId: 'adminUpdateSetting',
          params: z.object({ key: z.string().max(100) }),
          body: z.object({ value: z.unknown() }),
          response: { 200: adminSettingSchema },
        },
      },
      async (request) => settingsService.updateSetting(deps, request.params.key, request.body.value, sessionOf(request).user.id),
    );
  };
