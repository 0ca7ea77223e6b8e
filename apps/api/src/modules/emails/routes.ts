import { emailPreferencesSchema, emailPreviewSchema, emailTemplateEditSchema, emailTemplateSchema, escapeHtml } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { requireAdmin } from '../access';
import { auditSourceOf } from '../audit';
import * as emails from './service';

const keyParams = z.object({ key: z.string().min(1, 'must be a template key').max(100, 'must be a template key') });
const tokenQuery = z.object({ token: z.string().min(1, 'must be an unsubscribe token').max(500, 'must be an unsubscribe token') });
/** The draft to preview or test; what it leaves out is the text in force. */
const draftBody = emailTemplateEditSchema.partial().nullish();

/** The e-mail catalogue's admin editor, each account's e-mail categories, and the one-click unsubscribe. */
export const emailsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // RFC 8058: mail clients send the one-click unsubscribe as a form post (`List-Unsubscribe=One-Click`).
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    app.get(
      '/admin/email-templates',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List the e-mail templates',
          operationId: 'adminListEmailTemplates',
          response: { 200: z.array(emailTemplateSchema) },
        },
      },
      async () => emails.listTemplates(deps.db),
    );

    app.get(
      '/admin/email-templates/:key',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Get an e-mail template',
          operationId: 'adminGetEmailTemplate',
          params: keyParams,
          response: { 200: emailTemplateSchema },
        },
      },
      async (request) => emails.templateOf(deps.db, request.params.key),
    );

    app.put(
      '/admin/email-templates/:key',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: "Edit an e-mail template's subject and body",
          operationId: 'adminUpdateEmailTemplate',
          params: keyParams,
          body: emailTemplateEditSchema,
          response: { 200: emailTemplateSchema },
        },
      },
      async (request) => emails.updateTemplate(deps.db, auditSourceOf(request), request.params.key, request.body),
    );

    app.delete(
      '/admin/email-templates/:key',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Reset an e-mail template to its default text',
          operationId: 'adminResetEmailTemplate',
          params: keyParams,
          response: { 200: emailTemplateSchema },
        },
      },
      async (request) => emails.resetTemplate(deps.db, auditSourceOf(request), request.params.key),
    );

    app.post(
      '/admin/email-templates/:key/preview',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Preview an e-mail template or a draft with sample values',
          operationId: 'adminPreviewEmailTemplate',
          params: keyParams,
          body: draftBody,
          response: { 200: emailPreviewSchema },
        },
      },
      async (request) => emails.previewTemplate(deps, request.params.key, request.body ?? undefined),
    );

    app.post(
      '/admin/email-templates/:key/test',
      {
        preHandler: requireAdmin,
        config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
        schema: {
          tags: ['admin'],
          summary: "Send an e-mail template's test to your own address",
          operationId: 'adminSendTestEmail',
          params: keyParams,
          body: draftBody,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => emails.sendTestEmail(deps, sessionOf(request).user, request.params.key, request.body ?? undefined),
    );

    app.get(
      '/emails/preferences',
      {
        preHandler: requireUser,
        schema: {
          tags: ['notifications'],
          summary: "Get the signed-in account's e-mail categories",
          operationId: 'getEmailPreferences',
          response: { 200: emailPreferencesSchema },
        },
      },
      async (request) => emails.emailPreferencesOf(deps.db, sessionOf(request).user.id),
    );

    app.put(
      '/emails/preferences',
      {
        preHandler: requireUser,
        schema: {
          tags: ['notifications'],
          summary: "Turn the signed-in account's e-mail categories on or off",
          operationId: 'updateEmailPreferences',
          body: emailPreferencesSchema,
          response: { 200: emailPreferencesSchema },
        },
      },
      async (request) => {
        const { id } = sessionOf(request).user;
        await emails.setEmailCategories(deps.db, id, request.body);
        return emails.emailPreferencesOf(deps.db, id);
      },
    );

    // The link in the e-mail (no sign-in: the signed token names the account and the category).
    app.get(
      '/emails/unsubscribe',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['notifications'],
          summary: "Unsubscribe from an e-mail's link and show a confirmation page",
          operationId: 'unsubscribeFromEmails',
          querystring: tokenQuery,
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        await emails.unsubscribe(deps.db, request.query.token);
        const site = escapeHtml(deps.settings.get('siteName'));
        const settings = escapeHtml(`${deps.config.publicUrl}/notifications/settings`);
        return reply
          .type('text/html; charset=utf-8')
          .send(
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Unsubscribed · ${site}</title></head>` +
              `<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem"><main><h1>You are unsubscribed</h1>` +
              `<p>You will no longer get these e-mails from ${site}.</p><p><a href="${settings}">Choose which e-mails you get</a></p></main></body></html>`,
          );
      },
    );

    // The one-click unsubscribe a mail client posts (RFC 8058).
    app.post(
      '/emails/unsubscribe',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['notifications'],
          summary: 'Unsubscribe in one click from a mail client (RFC 8058)',
          operationId: 'unsubscribeFromEmailsOneClick',
          querystring: tokenQuery,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await emails.unsubscribe(deps.db, request.query.token);
        return { message: 'Unsubscribed' };
      },
    );
  };
