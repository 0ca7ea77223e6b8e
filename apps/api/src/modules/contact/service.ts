import { type contactSchema, ErrorCode } from '@limelight/contracts';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError } from '../../platform/errors';
import { verifyRecaptchaIfEnabled } from '../../platform/recaptcha';
import { adminAddress, sendEmail } from '../emails';

export async function sendContactMessage(deps: Deps, input: z.output<typeof contactSchema>, ip: string) {
  await verifyRecaptchaIfEnabled(deps, input.recaptchaToken, ip);
  const to = await adminAddress(deps, deps.db);
  if (!to) throw new AppError(503, ErrorCode.providerNotConfigured, 'The contact form has no recipient yet; please try again later');
  await sendEmail(deps, deps.db, 'contact.message', {
    to,
    replyTo: { name: input.name, address: input.email },
    vars: {
      subject: input.subject || `Message from ${input.name}`,
      senderName: input.name,
      senderEmail: input.email,
      ip,
      message: input.message,
    },
  });
}
