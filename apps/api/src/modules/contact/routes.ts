import { contactSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { verifyRecaptcha } from '../../platform/recaptcha';
import * as contact from './service';

const messageSchema = z.object({ message: z.string() });

export const contactRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/contact',
      {
        // Each message lands in the admin's inbox: a handful an hour per visitor is plenty.
        config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
        schema: {
          tags: ['contact'],
          summary: "Send a message to the site's team",
          operationId: 'sendContactMessage',
          body: contactSchema,
          response: { 200: messageSchema },
        },
      },
      async (request) => {
        await contact.sendContactMessage(deps, request.body, request.ip);
        return { message: 'Thank you for contacting us, we will reply as soon as possible.' };
      },
    );

    app.post(
      '/re-captcha/verify',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['auth'],
          summary: 'Verify a reCAPTCHA token',
          operationId: 'verifyRecaptchaToken',
          body: z.object({ token: z.string().max(4000).optional() }),
          response: { 200: z.object({ success: z.boolean() }) },
        },
      },
      async (request) => {
        await verifyRecaptcha(deps, request.body.token, request.ip);
        return { success: true };
      },
    );
  };
