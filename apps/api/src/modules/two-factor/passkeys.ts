import type { AddPasskeyInput, Passkey } from '@limelight/contracts';
import { ErrorCode } from '@limelight/contracts';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import { type AuditSource, recordAudit } from '../audit';
import { mailSecurityChange } from '../users';
import {
  deletePasskey,
  insertPasskey,
  openPasskeyChallenge,
  type PasskeyRow,
  passkeyByCredential,
  passkeyCredentialsOf,
  passkeysOf,
  recordPasskeyUse,
  takePasskeyChallenge,
} from './repo';

/**
 * Passkeys (WebAuthn, decision 048), with @simplewebauthn/server. The relying party is the site's
 * public URL: its host name is the RP ID and its origin the only origin accepted. Every challenge
 * is a row of auth_challenges (5 minutes, used once), so any process can finish a ceremony
 * another one began.
 */
const CHALLENGE_SECONDS = 5 * 60;
const expiresIn = (seconds: number) => new Date(Date.now() + seconds * 1000);
const relyingParty = (deps: Pick<Deps, 'config' | 'settings'>) => {
  const url = new URL(deps.config.publicUrl);
  // An IP address cannot be an RP ID: a site published on a loopback address (development, the
  // browser tests) offers passkeys on `localhost` at the same port instead.
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { rpID: url.hostname, origin: url.origin, rpName: deps.settings.get('siteName') };
};

const refused = (message = 'That passkey could not be verified, please try again') =>
  new AppError(400, ErrorCode.invalidSecondFactor, message, [{ field: 'response', message: 'was not accepted' }]);

/** WebAuthn options go to the browser as they are. */
const asJson = <T extends { challenge: string }>(options: T) => options as T & Record<string, unknown>;

export const toPasskey = (row: PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(db: Queryable, userId: string): Promise<Passkey[]> {
  const rows = await passkeysOf(db, userId);
  return rows.map(toPasskey);
}

/** A new challenge of a passkey ceremony, open for CHALLENGE_SECONDS; answers its id. */
const newChallengeRow = (db: Queryable, purpose: 'passkey_register' | 'passkey_assert', challenge: string, userId?: string) =>
  openPasskeyChallenge(db, purpose, challenge, expiresIn(CHALLENGE_SECONDS), userId);

/** Takes a challenge once; a missing, used or expired one, or one issued to another account, is refused. */
async function takeChallenge(db: Queryable, id: string, purpose: 'passkey_register' | 'passkey_assert', userId?: string) {
  const row = await takePasskeyChallenge(db, id, purpose);
  if (!row?.challenge || (row.userId && userId && row.userId !== userId)) {
    throw refused('This passkey request has expired or was already used: please try again');
  }
  return row.challenge;
}

/** Options to create a passkey for the signed-in account: discoverable, with user verification. */
export async function registrationOptions(deps: Deps, user: SessionUser) {
  const existing = await passkeyCredentialsOf(deps.db, user.id);
  const { rpID, rpName } = relyingParty(deps);
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: user.email ?? user.username ?? user.id,
    userDisplayName: user.name || user.username || '',
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((key) => ({ id: key.credentialId, transports: key.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  return { challengeId: await newChallengeRow(deps.db, 'passkey_register', options.challenge, user.id), options: asJson(options) };
}

export async function addPasskey(deps: Deps, user: SessionUser, input: AddPasskeyInput, source: AuditSource): Promise<Passkey> {
  const expectedChallenge = await takeChallenge(deps.db, input.challengeId, 'passkey_register', user.id);
  const { rpID, origin } = relyingParty(deps);
  const verification = await verifyRegistrationResponse({
    response: input.response as unknown as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const, registrationInfo: undefined }));
  if (!verification.verified) throw refused();
  const { credential } = verification.registrationInfo;
  return deps.db.transaction(async (tx) => {
    const row = await insertPasskey(tx, {
      userId: user.id,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
    });
    if (!row) throw new AppError(409, ErrorCode.conflict, 'This passkey is already registered');
    await recordAudit(tx, source, { action: 'auth.passkey.add', target: { type: 'user', id: user.id }, details: { name: input.name } });
    await mailSecurityChange(deps, tx, user, 'passkeyAdded', input.name);
    return toPasskey(row);
  });
}

export async function removePasskey(deps: Deps, user: SessionUser, passkeyId: string, source: AuditSource) {
  await deps.db.transaction(async (tx) => {
    const row = await deletePasskey(tx, user.id, passkeyId);
    if (!row) throw notFound('Passkey');
    await recordAudit(tx, source, { action: 'auth.passkey.remove', target: { type: 'user', id: user.id }, details: { name: row.name } });
    await mailSecurityChange(deps, tx, user, 'passkeyRemoved', row.name);
  });
}

/**
 * Options to sign a challenge with a passkey: of this account's passkeys (a second factor, a
 * step-up), or of any discoverable one (a password-free sign-in, `userId` undefined).
 */
export async function assertionOptions(deps: Deps, userId?: string) {
  const allowCredentials = userId
    ? (await passkeyCredentialsOf(deps.db, userId)).map((key) => ({ id: key.credentialId, transports: key.transports }))
    : undefined;
  const options = await generateAuthenticationOptions({ rpID: relyingParty(deps).rpID, allowCredentials, userVerification: 'required' });
  return { challengeId: await newChallengeRow(deps.db, 'passkey_assert', options.challenge, userId), options: asJson(options) };
}

/**
 * Verifies a passkey's signature over the challenge `challengeId` and answers whose passkey it is.
 * With `userId`, the passkey must be that account's. The signature counter moves on (a cloned
 * authenticator that goes backwards is refused by the library).
 */
export async function verifyPasskeyAssertion(
  deps: Deps,
  input: { challengeId: string; response: Record<string, unknown> & { id: string }; userId?: string },
): Promise<{ userId: string }> {
  const expectedChallenge = await takeChallenge(deps.db, input.challengeId, 'passkey_assert', input.userId);
  const key = await passkeyByCredential(deps.db, input.response.id, input.userId);
  if (!key) throw refused('This passkey is not registered to an account here');
  const { rpID, origin } = relyingParty(deps);
  const verification = await verifyAuthenticationResponse({
    response: input.response as unknown as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: key.credentialId,
      publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
      counter: key.counter,
      transports: key.transports,
    },
    requireUserVerification: true,
  }).catch(() => ({ verified: false, authenticationInfo: undefined }));
  if (!verification.verified || !verification.authenticationInfo) throw refused();
  await recordPasskeyUse(deps.db, key.id, verification.authenticationInfo.newCounter);
  return { userId: key.userId };
}
