import {
  listResponseSchema,
  notificationQuerySchema,
  notificationSchema,
  notificationSettingsSchema,
  unreadTotalSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { unreadCount } from './repo';
import { listNotifications, markAllRead, markRead, settingsOf, updateSettings } from './service';

/** The notification centre: the bell's list and count, reading, and the choice of channels per kind. */
export const notificationsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/notifications',
      {
        preHandler: requireUser,
        schema: {
          tags: ['notifications'],
          summary: "List the signed-in account's notifications",
          operationId: 'listNotifications',
          querystring: notificationQuerySchema,
          response: { 200: listResponseSchema(notificationSchema).extend({ unread: z.number().int() }) },
        },
      },
      async (request) => listNotifications(deps, sessionOf(request).user, request.query),
    );

    app.get(
      '/notifications/unread-count',
      {
        preHandler: requireUser,
        schema: {
          tags: ['notifications'],
          summary: "Count the signed-in account's unread notifications",
          operationId: 'getUnreadNotificationCount',
          response: { 200: unreadTotalSchema },
        },
      },
      async (request) => ({ total: await unreadCount(deps.db, sessionOf(request).user.id) }),
    );

    app.post(
      '/notifications/read-all',
      {
        preHandler: requireUser,
        schema: {
          tags: ['notifications'],
          summary: "Mark all the signed-in account's notifications as read",
          operationId: 'markAllNotificationsRead',
          response: { 200: unreadTotalSchema },
        },
      },
      async (request) => markAllRead(deps, sessionOf(request).user),
    );

    app.post(
      '/notifications/:id/read',
      {
        preHandler: requireUser,
        schema: {
          tags: ['notifications'],
          summary: 'Mark a notification as read',
          operationId: 'markNotificationRead',
          params: z.object({ id: z.uuid('must be an id') }),
          response: { 200: notificationSchema },
        },
      },
      async (request) => markRead(deps, sessionOf(request).user, request.params.id),
    );

    app.get(
      '/notifications/settings',
      {
        preHandler: requireUser,
        schema: {
          tags: ['notifications'],
          summary: "Get the signed-in account's notification channels per kind",
          operationId: 'getNotificationSettings',
          response: { 200: notificationSettingsSchema },
        },
      },
      async (request) => settingsOf(deps, sessionOf(request).user),
    );

    app.put(
      '/notifications/settings',
      {
        preHandler: requireUser,
        schema: {
          tags: ['notifications'],
          summary: "Update the signed-in account's notification channels per kind",
          operationId: 'updateNotificationSettings',
          body: notificationSettingsSchema,
          response: { 200: notificationSettingsSchema },
        },
      },
      async (request) => updateSettings(deps, sessionOf(request).user, request.body),
    );
  };
