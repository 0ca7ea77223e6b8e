import { type contactSchema, ErrorCode } from '@limelight/contracts';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import { verifyRecaptchaIfEnabled } from '../../platform/recaptcha';

/** Where contact messages go: the configured address, else the first admin's. */
async function adminAddress(deps: Deps) {
  const configured = deps.settings.get('adminEmail');
  if (configured) return configured;
  const [admin] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), isNotNull(users.email)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return admin?.email ?? undefined;
}

export async function sendContactMessage(deps: Deps, input: z.output<typeof contactSchema>, ip: string) {
  await verifyRecaptchaIfEnabled(deps, input.recaptchaToken, ip);
  const to = await adminAddress(deps);
  if (!to) throw new AppError(503, ErrorCode.providerNotConfigured, 'The contact form has no recipient yet; please try again later');
  const siteName = deps.settings.get('siteName');
  await queueMail(deps.jobs, deps.db, {
    to,
    replyTo: { name: input.name, address: input.email },
    subject: `[${siteName} contact] ${input.subject || `Message from ${input.name}`}`,
    text: `${input.name} <${input.email}> wrote through the contact form (IP ${ip}):\n\n${input.message}`,
  });
}
