import {
  type DisableTotpInput,
  ErrorCode,
  SECOND_FACTOR_HEADER,
  type StepUpInput,
  type TotpSetup,
  type TwoFactorStatus,
} from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import { Secret } from 'otpauth';
import QRCode from 'qrcode';
import type { Deps } from '../../deps';
import { type RequestSession, type SessionUser, sessionOf } from '../../platform/auth';
import { AppError, conflict } from '../../platform/errors';
import { seal } from '../../platform/secret-box';
import { type AuditSource, recordAudit } from '../audit';
import { assertCurrentPassword, mailSecurityChange } from '../users';
import {
  acceptTotpCode,
  type FactorInput,
  factorsOf,
  invalidFactor,
  newRecoveryCodes,
  storeRecoveryCodes,
  totpOf,
  verifyFactor,
} from './factors';
import { mustHaveSecondFactor } from './gate';
import { confirmTotpSecret, deleteTotpSecret, recordStepUp, stepUpSince, storeTotpSecret } from './repo';

/** A step-up (a second factor checked on this session) opens payout changes for this long. */
export const STEP_UP_SECONDS = 10 * 60;

export async function twoFactorStatus(deps: Deps, session: RequestSession): Promise<TwoFactorStatus> {
  const [factors, steppedUp] = await Promise.all([factorsOf(deps.db, session.user.id), freshStepUp(deps, session.id)]);
  return {
    ...factors,
    required: mustHaveSecondFactor(deps, session.user),
    stepUpUntil: steppedUp ? new Date(steppedUp.getTime() + STEP_UP_SECONDS * 1000).toISOString() : null,
  };
}

/** Step 1 of enrolling an app: a new secret (replacing one never confirmed), as a QR code and as text. */
export async function setupTotp(deps: Deps, user: SessionUser): Promise<TotpSetup> {
  if ((await factorsOf(deps.db, user.id)).totp)
    throw conflict('An authenticator app is already set up: turn it off first to set up another');
  const secret = new Secret({ size: 20 }).base32;
  const sealed = await seal(deps, secret);
  await storeTotpSecret(deps.db, user.id, sealed);
  const otpauthUrl = totpOf(secret, user.email ?? user.username ?? 'account', deps.settings.get('siteName')).toString();
  return { secret, otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

/** Step 2: the first code proves the app holds the secret; 2FA is on and 10 recovery codes are shown once. */
export async function confirmTotp(deps: Deps, user: SessionUser, code: string, source: AuditSource) {
  if (!(await acceptTotpCode(deps, user.id, code, false)))
    throw invalidFactor('That code is not right: check the time on your phone and try the next one');
  const recoveryCodes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await confirmTotpSecret(tx, user.id);
    await storeRecoveryCodes(tx, user.id, recoveryCodes);
    await recordAudit(tx, source, { action: 'auth.2fa.enable', target: { type: 'user', id: user.id }, details: { method: 'totp' } });
    await mailSecurityChange(deps, tx, user, 'totpEnabled');
  });
  return { recoveryCodes, message: 'Two-factor sign-in is on. Keep these recovery codes somewhere safe: they are shown only once.' };
}

/** Turning the app off proves the password and a current code (or a recovery code, or a passkey). */
export async function disableTotp(deps: Deps, user: SessionUser, input: DisableTotpInput, source: AuditSource) {
  await assertCurrentPassword(deps.db, user, input.currentPassword);
  const factors = await factorsOf(deps.db, user.id);
  if (!factors.totp) throw conflict('No authenticator app is set up');
  await verifyFactor(deps, user.id, input as FactorInput);
  if (factors.passkeys === 0 && mustHaveSecondFactor(deps, user)) {
    throw new AppError(
      403,
      ErrorCode.secondFactorEnrolmentRequired,
      'Admins must keep a second factor: add a passkey before turning the app off',
    );
  }
  await deps.db.transaction(async (tx) => {
    await deleteTotpSecret(tx, user.id);
    await storeRecoveryCodes(tx, user.id, []);
    await recordAudit(tx, source, { action: 'auth.2fa.disable', target: { type: 'user', id: user.id }, details: { method: 'totp' } });
    await mailSecurityChange(deps, tx, user, 'totpDisabled');
  });
}

export async function regenerateRecoveryCodes(deps: Deps, user: SessionUser, input: FactorInput, source: AuditSource) {
  if (!(await factorsOf(deps.db, user.id)).totp) throw conflict('Recovery codes come with an authenticator app: set one up first');
  await verifyFactor(deps, user.id, input);
  const recoveryCodes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await storeRecoveryCodes(tx, user.id, recoveryCodes);
    await recordAudit(tx, source, { action: 'auth.2fa.recoveryCodes', target: { type: 'user', id: user.id } });
    await mailSecurityChange(deps, tx, user, 'recoveryCodes');
  });
  return { recoveryCodes, message: 'New recovery codes: the old ones no longer work. They are shown only once.' };
}

async function markStepUp(deps: Deps, sessionId: string) {
  const now = new Date();
  await recordStepUp(deps.db, sessionId, now);
  return new Date(now.getTime() + STEP_UP_SECONDS * 1000);
}

/** When this session last proved a second factor, if within the last 10 minutes. */
async function freshStepUp(deps: Deps, sessionId: string) {
  return stepUpSince(deps.db, sessionId, new Date(Date.now() - STEP_UP_SECONDS * 1000));
}

/** Proves a second factor on this session: payout changes accept it for 10 minutes. */
export async function stepUp(deps: Deps, session: RequestSession, input: StepUpInput & { passkeyChallengeId?: string }) {
  if (!(await factorsOf(deps.db, session.user.id)).enabled) throw conflict('Your account has no second factor to confirm');
  await verifyFactor(deps, session.user.id, input as FactorInput);
  const until = await markStepUp(deps, session.id);
  return { until: until.toISOString(), message: 'Confirmed: you can change payout details for the next 10 minutes' };
}

/** A session that has just signed in with a second factor counts as stepped up. */
export const stepUpAtSignIn = markStepUp;

/**
 * Payout changes and requests, once the account has a second factor, need a fresh one: a code
 * (or recovery code) in the `x-second-factor` header, or a step-up on this session within the
 * last 10 minutes. Refused with `STEP_UP_REQUIRED` otherwise.
 */
export async function assertFreshSecondFactor(deps: Deps, request: FastifyRequest) {
  const session = sessionOf(request);
  if (!(await factorsOf(deps.db, session.user.id)).enabled) return;
  const header = request.headers[SECOND_FACTOR_HEADER];
  const sent = typeof header === 'string' ? header.trim() : '';
  if (sent) {
    await verifyFactor(deps, session.user.id, /^\d{6}$/.test(sent) ? { code: sent } : { recoveryCode: sent.slice(0, 40) });
    await markStepUp(deps, session.id);
    return;
  }
  if (!(await freshStepUp(deps, session.id))) {
    throw new AppError(
      403,
      ErrorCode.stepUpRequired,
      'Confirm it is you first: payout changes need a code from your authenticator app (or your passkey) within the last 10 minutes',
    );
  }
}
