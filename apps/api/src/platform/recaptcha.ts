import { ErrorCode } from '@limelight/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { AppError, badRequest } from './errors';

const siteverifyAnswer = z.object({ success: z.boolean(), 'error-codes': z.array(z.string()).optional() });

/**
 * Asks Google's siteverify whether a reCAPTCHA response token is genuine. Throws a 400 naming
 * `field` when it is missing or refused, and a 503 when Google cannot be reached, so a bot is
 * never let through because the check could not run.
 */
export async function verifyRecaptcha(
  deps: Pick<Deps, 'config' | 'settings' | 'log'>,
  token: string | undefined,
  ip?: string,
  field = 'token',
) {
  if (!token) throw badRequest(`${field} is required: complete the reCAPTCHA`, [{ field, message: 'is required' }]);
  const secret = deps.settings.get('googleReCaptchaSecretKey');
  if (!secret)
    throw new AppError(503, ErrorCode.providerNotConfigured, 'reCAPTCHA is switched on but has no secret key; tell the site administrator');
  let answer: z.infer<typeof siteverifyAnswer>;
  try {
    const response = await fetch(deps.config.recaptchaVerifyUrl, {
      method: 'POST',
      body: new URLSearchParams({ secret, response: token, ...(ip ? { remoteip: ip } : {}) }),
      signal: AbortSignal.timeout(10_000),
    });
    answer = siteverifyAnswer.parse(await response.json());
  } catch (error) {
    deps.log.error({ err: error }, 'reCAPTCHA verification unavailable');
    throw new AppError(503, ErrorCode.providerUnavailable, 'reCAPTCHA could not be checked right now, please try again');
  }
  if (!answer.success) {
    throw badRequest('reCAPTCHA verification failed, please try again', [{ field, message: 'was not accepted by reCAPTCHA' }]);
  }
}

/** Runs the check only when the admin has switched reCAPTCHA on. */
export async function verifyRecaptchaIfEnabled(deps: Pick<Deps, 'config' | 'settings' | 'log'>, token: string | undefined, ip?: string) {
  if (deps.settings.get('enableGoogleReCaptcha')) await verifyRecaptcha(deps, token, ip, 'recaptchaToken');
}
