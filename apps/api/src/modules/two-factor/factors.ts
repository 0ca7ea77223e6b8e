import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@limelight/contracts';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../platform/errors';
import { open } from '../../platform/secret-box';
import { clearSignInFailures, confirmationKey, takeConfirmationAttempt } from '../../platform/sign-in-throttle';
import { hashToken } from '../../platform/tokens';
import { verifyPasskeyAssertion } from './passkeys';
import { advanceTotpStep, factorCounts, replaceRecoveryCodes, totpSecretOf, useRecoveryCode } from './repo';

/** The second factors of an account (decision 048). */
export async function factorsOf(db: Queryable, userId: string) {
  const status = await factorCounts(db, userId);
  return { ...status, enabled: status.totp || status.passkeys > 0 };
}

export async function hasSecondFactor(db: Queryable, userId: string) {
  return (await factorsOf(db, userId)).enabled;
}

export const TOTP_PERIOD_SECONDS = 30;
export const totpOf = (secret: string, label = 'account', issuer = 'Limelight') =>
  new TOTP({ issuer, label, secret: Secret.fromBase32(secret), period: TOTP_PERIOD_SECONDS, digits: 6, algorithm: 'SHA1' });

export const invalidFactor = (message = 'That code is not right, or it was already used') =>
  new AppError(400, ErrorCode.invalidSecondFactor, message, [{ field: 'code', message: 'is not valid' }]);

/**
 * Accepts a code of the confirmed app once: the step it belongs to (one window either side of now,
 * for clocks that drift) must be later than the last step accepted, written in the same statement
 * so two requests with one code cannot both pass.
 */
export async function acceptTotpCode(deps: Pick<Deps, 'db' | 'config'>, userId: string, code: string, confirmed = true) {
  const row = await totpSecretOf(deps.db, userId, confirmed);
  if (!row) return false;
  const totp = totpOf(await open(deps, row.secret));
  const delta = totp.validate({ token: code, window: 1 });
  if (delta === null) return false;
  const step = totp.counter() + delta;
  return advanceTotpStep(deps.db, userId, step);
}

/** Recovery codes read `xxxxx-xxxxx`; typed with or without the dash, in any case (kept and looked up as a hash). */
const recoveryCodeHash = (code: string) => hashToken(code.replace(/[\s-]/g, '').toLowerCase());
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const chars = [...randomBytes(10)].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** Replaces the account's recovery codes with a new set (only their hashes are kept). */
export async function storeRecoveryCodes(tx: Queryable, userId: string, codes: string[]) {
  await replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash));
}

export type FactorInput = {
  code?: string;
  recoveryCode?: string;
  passkey?: Parameters<typeof verifyPasskeyAssertion>[1]['response'];
  passkeyChallengeId?: string;
};

/**
 * Checks one second factor of this account and answers which it was. Codes and recovery codes
 * are counted per account and wait once they failed too often (a guesser who has the password
 * gets 5 tries, then a doubling wait); a passkey cannot be guessed, so it is not counted.
 */
export async function verifyFactor(deps: Deps, userId: string, input: FactorInput): Promise<'totp' | 'recovery' | 'passkey'> {
  if (input.passkey) {
    if (!input.passkeyChallengeId) {
      throw new AppError(400, ErrorCode.validation, 'passkeyChallengeId is required with a passkey', [
        { field: 'passkeyChallengeId', message: 'is required' },
      ]);
    }
    await verifyPasskeyAssertion(deps, { challengeId: input.passkeyChallengeId, response: input.passkey, userId });
    return 'passkey';
  }
  const key = confirmationKey('second-factor', userId);
  await takeConfirmationAttempt(deps.db, key);
  const accepted = input.code
    ? await acceptTotpCode(deps, userId, input.code)
    : input.recoveryCode
      ? await useRecoveryCode(deps.db, userId, recoveryCodeHash(input.recoveryCode))
      : false;
  if (!accepted) {
    throw input.recoveryCode
      ? new AppError(400, ErrorCode.invalidSecondFactor, 'That recovery code is not right, or it was already used', [
          { field: 'recoveryCode', message: 'is not valid' },
        ])
      : invalidFactor();
  }
  await clearSignInFailures(deps.db, key);
  return input.code ? 'totp' : 'recovery';
}
