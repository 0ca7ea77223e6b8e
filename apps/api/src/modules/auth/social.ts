import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode, usernameSchema } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { IdentityProvider } from '../../db/schema/auth';
import type { Deps } from '../../deps';
import { AppError, conflict } from '../../platform/errors';
import { findByEmail, findById, insertPasswordlessAccount, openCreatorProfile, takenFields, type UserRow } from '../users';
import {
  claimTwitterRequest,
  deleteExpiredTwitterRequests,
  linkedUserId,
  linkSocialIdentity,
  storeTwitterRequest,
  twitterRequestOf,
} from './repo';
import { beginSignIn, type ClientMeta, inactiveAccount } from './service';

export type SocialRole = 'user' | 'performer';
/** Who the provider says signed in; `email` only when the provider has verified it. */
type ExternalAccount = { provider: IdentityProvider; providerUserId: string; name: string; email?: string; username?: string };

const TWITTER_REQUEST_TTL_MS = 24 * 60 * 60 * 1000;

const notConfigured = (provider: string) =>
  new AppError(503, ErrorCode.providerNotConfigured, `${provider} sign-in is not set up on this site`);

function googleClient(deps: Deps) {
  const clientId = deps.settings.get('googleClientId');
  if (!deps.settings.get('googleLoginEnabled') || !clientId) throw notConfigured('Google');
  return { clientId, clientSecret: deps.settings.get('googleClientSecret') };
}

function twitterConsumer(deps: Deps) {
  const key = deps.settings.get('twitterConsumerKey');
  const secret = deps.settings.get('twitterConsumerSecret');
  if (!deps.settings.get('twitterLoginEnabled') || !key || !secret) throw notConfigured('Twitter');
  return { key, secret };
}

/** `POST /auth/google/login`: a Google ID token the client already holds. */
export async function googleLogin(deps: Deps, input: { tokenId: string; role: SocialRole }, meta: ClientMeta) {
  const identity = await deps.google.verifyIdToken(input.tokenId, googleClient(deps).clientId);
  return signIn(
    deps,
    { provider: 'google', providerUserId: identity.subject, name: identity.name, email: identity.email },
    input.role,
    meta,
  );
}

/** `POST /auth/google/token`: the authorization code Google's consent screen sent back. */
export async function googleCodeLogin(deps: Deps, input: { code: string; redirectUri: string; role: SocialRole }, meta: ClientMeta) {
  const client = googleClient(deps);
  if (!client.clientSecret) throw notConfigured('Google');
  const idToken = await deps.google.exchangeCode({ code: input.code, redirectUri: input.redirectUri, ...client });
  return googleLogin(deps, { tokenId: idToken, role: input.role }, meta);
}

/** Twitter step 1: a request token, kept (with the role) for a day until step 2 uses it. */
export async function twitterLogin(deps: Deps, role: SocialRole) {
  const request = await deps.twitter.requestToken(twitterConsumer(deps), `${deps.config.publicUrl}/auth/twitter/callback`);
  const now = Date.now();
  await deleteExpiredTwitterRequests(deps.db, new Date(now));
  await storeTwitterRequest(deps.db, {
    oauthToken: request.token,
    oauthTokenSecret: request.secret,
    role,
    expiresAt: new Date(now + TWITTER_REQUEST_TTL_MS),
  });
  return { oauthToken: request.token, oauthTokenSecret: request.secret, role, url: request.authenticateUrl };
}

/** Twitter step 2: the approved request token and verifier; the stored request is used up. */
export async function twitterCallback(
  deps: Deps,
  input: { oauthToken: string; oauthTokenSecret?: string; oauthVerifier: string },
  meta: ClientMeta,
) {
  const expired = () =>
    new AppError(400, ErrorCode.invalidToken, 'This Twitter sign-in has expired, please start again', [
      { field: 'oauthToken', message: 'is unknown or expired' },
    ]);
  const stored = await twitterRequestOf(deps.db, input.oauthToken);
  const secretMatches = !input.oauthTokenSecret || sameText(input.oauthTokenSecret, stored?.oauthTokenSecret ?? '');
  if (!stored || stored.expiresAt.getTime() < Date.now() || !secretMatches) throw expired();
  // Deleting is what claims it: of two concurrent callbacks only one gets the row back.
  if (!(await claimTwitterRequest(deps.db, stored.oauthToken))) throw expired();
  const account = await deps.twitter.completeSignIn(
    twitterConsumer(deps),
    { key: stored.oauthToken, secret: stored.oauthTokenSecret },
    input.oauthVerifier,
  );
  return signIn(
    deps,
    { provider: 'twitter', providerUserId: account.userId, name: account.name, email: account.email, username: account.screenName },
    stored.role,
    meta,
  );
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Signs in the account linked to the outside identity; links it to the account with the same
 * verified e-mail; or creates an account with the chosen role. An existing account keeps its
 * own role whatever was chosen.
 */
async function signIn(deps: Deps, external: ExternalAccount, role: SocialRole, meta: ClientMeta) {
  const user = await deps.db.transaction(async (tx) => {
    const linked = await findLinkedUser(tx, external);
    if (linked) return linked;
    const existing = external.email ? await findByEmail(tx, external.email) : undefined;
    const account = existing ?? (await createAccount(tx, external, role));
    const link = await linkSocialIdentity(tx, external.provider, external.providerUserId, account.id);
    // A simultaneous first sign-in with the same identity won the race: roll this one back.
    if (!link) throw conflict('This sign-in is already being completed, please try again');
    return account;
  });
  if (user.status !== 'active') throw inactiveAccount();
  // A second factor is asked here too: a linked Google or Twitter account stands for the password only.
  return beginSignIn(deps, user, true, 'social', meta);
}

async function findLinkedUser(db: Queryable, external: ExternalAccount) {
  const userId = await linkedUserId(db, external.provider, external.providerUserId);
  return userId ? findById(db, userId) : undefined;
}

/**
 * A new account from an outside identity: no password, the provider's name, its handle as the
 * username when valid and free (else none, and the account page asks for one).
 */
async function createAccount(tx: Queryable, external: ExternalAccount, role: SocialRole): Promise<UserRow> {
  const handle = usernameSchema.safeParse(external.username ?? '');
  const wanted = { username: handle.success ? handle.data : undefined, email: external.email };
  const taken = await takenFields(tx, wanted);
  const user = await insertPasswordlessAccount(tx, {
    role,
    name: external.name.trim().slice(0, 100) || `${external.provider} user ${randomBytes(3).toString('hex')}`,
    username: taken.includes('username') ? null : wanted.username,
    email: taken.includes('email') ? null : wanted.email,
    verifiedEmail: !!wanted.email && !taken.includes('email'),
  });
  // access: not a permission (a new creator account gets its profile row)
  if (role === 'performer') await openCreatorProfile(tx, user.id);
  return user;
}
