import { adminSettingSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireAdmin, sessionOf } from '../../platform/auth';
import * as settingsService from './service';

export const settingsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/settings/public', { schema: { tags: ['settings'], response: { 200: z.record(z.string(), z.unknown()) } } }, async () =>
      settingsService.publicSettings(deps),
    );

    app.post(
      '/settings/keys',
      {
        schema: {
          tags: ['settings'],
          body: z.object({ keys: z.array(z.string().max(100)).min(1, 'must name at least one key').max(100) }),
          response: { 200: z.record(z.string(), z.unknown()) },
        },
      },
      async (request) => settingsService.settingsByKeys(deps, request.body.keys),
    );

    app.get(
      '/admin/settings',
      { preHandler: requireAdmin, schema: { tags: ['admin'], response: { 200: z.array(adminSettingSchema) } } },
      async () => settingsService.adminSettings(deps),
    );

    app.put(
      '/admin/settings/:key',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          params: z.object({ key: z.string().max(100) }),
          body: z.object({ value: z.unknown() }),
          response: { 200: adminSettingSchema },
        },
      },
      async (request) => settingsService.updateSetting(deps, request.params.key, request.body.value, sessionOf(request).user.id),
    );
  };
