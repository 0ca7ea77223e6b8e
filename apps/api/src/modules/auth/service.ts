import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  type LoginAnswer,
  type PasskeySignInInput,
  type RegisterPerformerInput,
  type RegisterUserInput,
  type SecondFactorMethod,
  type SecondFactorSignIn,
} from '@limelight/contracts';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { createSession, type RequestSession, revokeAllSessions, revokeSession, type SessionMethod } from '../../platform/auth';
import { AppError, badRequest, siteInMaintenance } from '../../platform/errors';
import { jobKind } from '../../platform/jobs';
import { consumeOneTimeToken, issueOneTimeToken } from '../../platform/one-time-tokens';
import { hashPassword, verifyPassword } from '../../platform/password';
import { verifyRecaptcha } from '../../platform/recaptcha';
import {
  accountKey,
  accountRule,
  addressKey,
  clearSignInFailures,
  recordFailedSignIn,
  takeSignInAttempt,
} from '../../platform/sign-in-throttle';
import { assertInGoodStanding, isCreator, may, passesMaintenance } from '../access';
import { pendingAgreements, recordAgreements } from '../agreements';
import { type AuditSource, auditSourceOfUser, recordAudit } from '../audit';
import { alertAdmin, sendEmail } from '../emails';
import { discardDocuments, recordDocuments, storeDocuments, type UploadedDocument } from '../performers';
import {
  assertionOptions,
  type FactorInput,
  factorsOf,
  openSignInChallenge,
  pendingSignInChallenge,
  stepUpAtSignIn,
  takeSignInChallenge,
  verifyFactor,
  verifyPasskeyAssertion,
} from '../two-factor';
import {
  assertAvailable,
  assertNewPassword,
  changeAccount,
  changeOwnPassword,
  findByEmail,
  findById,
  findByLogin,
  insertAccount,
  mailSecurityChange,
  openCreatorProfile,
  sendVerificationMail,
  type UserRow,
} from '../users';
import { type DeviceMeta, rememberDevice } from './devices';
import { isKnownDevice } from './repo';
import { registerExpirySweep } from './sweep';

export type ClientMeta = DeviceMeta;

const INCORRECT_CREDENTIALS = 'Incorrect credentials!';
export const inactiveAccount = () =>
  new AppError(403, ErrorCode.accountInactive, 'Your account is inactive, please contact the site administrator');
/**
 * Verifying against a throwaway hash when the account does not exist keeps both answers equally
 * slow. Made on the first failed lookup rather than at start-up.
 */
let dummyHash: Promise<string> | undefined;
const throwawayHash = () => (dummyHash ??= hashPassword(randomUUID()));

export async function registerUser(deps: Deps, input: RegisterUserInput, meta: ClientMeta = {}) {
  assertNewPassword(deps, input.password, input);
  const user = await deps.db.transaction(async (tx) => {
    const account = await insertAccount(tx, 'user', input);
    // The boxes the form ticked (the schema refuses a sign-up without them): the versions shown now.
    await recordAgreements(tx, account.id, meta);
    return account;
  });
  await afterRegistration(deps, user, input.redirect);
  return registrationAnswer(deps, user);
}

export async function registerPerformer(deps: Deps, input: RegisterPerformerInput, documents: UploadedDocument[], meta: ClientMeta = {}) {
  assertNewPassword(deps, input.password, input);
  await assertAvailable(deps.db, input);
  const stored = await storeDocuments(deps, documents);
  try {
    const user = await deps.db.transaction(async (tx) => {
      const account = await insertAccount(tx, 'performer', input);
      await openCreatorProfile(tx, account.id, {
        gender: input.gender,
        country: input.country,
        dateOfBirth: input.dateOfBirth,
        ...(await recordDocuments(tx, account.id, stored)),
        documentsSubmittedAt: new Date(),
      });
      await recordAgreements(tx, account.id, meta);
      if (stored.length) {
        await alertAdmin(deps, tx, 'admin.verificationPending', {
          creator: account.username,
          link: `${deps.config.publicUrl}/admin/creators?q=${encodeURIComponent(account.username ?? '')}`,
        });
      }
      return account;
    });
    await afterRegistration(deps, user, input.redirect);
    return registrationAnswer(deps, user);
  } catch (error) {
    await discardDocuments(deps, stored);
    throw error;
  }
}

async function afterRegistration(deps: Deps, user: UserRow, redirect?: string) {
  if (deps.settings.get('requireEmailVerification')) await sendVerificationMail(deps, user, redirect);
}

function registrationAnswer(deps: Deps, user: UserRow) {
  const requireEmailVerification = deps.settings.get('requireEmailVerification');
  return {
    _id: user.id,
    requireEmailVerification,
    message: requireEmailVerification
      ? 'Your account has been created. We have sent you an e-mail: please verify your address, then log in.'
      : // The web app signs the new account in straight away, so there is no "log in now" to say.
        'Your account has been created.',
  };
}

export async function login(
  deps: Deps,
  input: { email?: string; username?: string; password: string; remember: boolean; recaptchaToken?: string },
  meta: ClientMeta,
): Promise<LoginAnswer> {
  const typed = (input.email ?? input.username)!;
  const user = await findByLogin(deps.db, typed);
  const [account, address] = [accountKey(user, typed), addressKey(meta.ip)];
  const attempts = await takeSignInAttempt(deps.db, account, address);
  // Past its free failures an account is under guessing: a device that has not signed in to it
  // before must pass a challenge; a known device signs in as usual (decision 048).
  const guessedAt = attempts > accountRule.freeFailures && !(user && (await isKnownDevice(deps.db, user.id, meta.deviceId)));
  const recaptcha = guessedAt && deps.settings.get('enableGoogleReCaptcha');
  if (recaptcha) await assertRecaptchaSolved(deps, input.recaptchaToken, meta.ip);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await throwawayHash()), input.password);
  if (!user || !passwordMatches) {
    await recordFailedSignIn(deps.db, address);
    if (guessedAt && !recaptcha) throw signInLinkSent();
    throw new AppError(401, ErrorCode.invalidCredentials, INCORRECT_CREDENTIALS);
  }
  if (guessedAt && !recaptcha) {
    // The same answer as a wrong password: the guesser learns nothing, the owner gets a link.
    if (user.status === 'active') await mailSignInLink(deps, user, input.remember);
    throw signInLinkSent();
  }
  // A guessing run is remembered until it has been quiet for a day, whoever signs in meanwhile.
  if (attempts <= accountRule.freeFailures) await clearSignInFailures(deps.db, account);
  if (user.status !== 'active') throw inactiveAccount();
  if (deps.settings.get('requireEmailVerification') && !user.verifiedEmail && !may(user, 'signIn.unverified', null)) {
    throw new AppError(403, ErrorCode.emailNotVerified, 'Please verify your e-mail address before logging in');
  }
  return beginSignIn(deps, user, input.remember, 'password', meta);
}

const signInLinkSent = () =>
  new AppError(
    401,
    ErrorCode.signInChallenge,
    "There have been many failed sign-ins to this account, so we check new devices by e-mail: if the password was right, we have sent a sign-in link to the account's address. Signing in from a device you used before, or with a passkey, works as usual.",
  );

async function assertRecaptchaSolved(deps: Deps, token: string | undefined, ip?: string) {
  if (!token) {
    throw new AppError(
      400,
      ErrorCode.signInChallenge,
      'There have been many failed sign-ins to this account: complete the reCAPTCHA to go on',
      [{ field: 'recaptchaToken', message: 'is required' }],
    );
  }
  await verifyRecaptcha(deps, token, ip, 'recaptchaToken');
}

/**
 * The proof asked of an unknown device while the account is under guessing and the site has no
 * reCAPTCHA: a one-time sign-in link to the account's mailbox (15 minutes). It stands for the
 * password only: an account with a second factor is still asked for it.
 */
async function mailSignInLink(deps: Deps, user: UserRow, remember: boolean) {
  if (!user.email) return;
  await deps.db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, user.id, 'login', { email: user.email!, afterPassword: true, remember });
    await sendEmail(deps, tx, 'security.signInLink', {
      to: user.email!,
      userId: user.id,
      vars: { name: user.name || user.username, link: `${deps.config.publicUrl}/auth/token-login?token=${encodeURIComponent(token)}` },
    });
  });
}

/**
 * After the password (or a sign-in link that stands for it): a session, or for an account with a
 * second factor a short-lived challenge that `POST /auth/2fa` completes.
 */
export async function beginSignIn(
  deps: Deps,
  user: UserRow,
  remember: boolean,
  method: SessionMethod,
  meta: ClientMeta,
): Promise<LoginAnswer> {
  if (deps.settings.get('maintenanceMode') && !passesMaintenance(user)) throw siteInMaintenance();
  const factors = await factorsOf(deps.db, user.id);
  if (!factors.enabled) return openSession(deps, user, remember, method, meta);
  const token = await openSignInChallenge(deps.db, user.id, { remember, method }, SECOND_FACTOR_SECONDS);
  const methods: SecondFactorMethod[] = [];
  if (factors.totp) methods.push('totp', 'recovery');
  if (factors.passkeys) methods.push('passkey');
  return { twoFactorRequired: true, challenge: token, methods };
}

const SECOND_FACTOR_SECONDS = 5 * 60;
const expiredChallenge = () => new AppError(400, ErrorCode.invalidToken, 'This sign-in has expired: please enter your password again');

async function pendingSignIn(deps: Deps, challenge: string) {
  const row = await pendingSignInChallenge(deps.db, challenge);
  const user = row?.userId ? await findById(deps.db, row.userId) : undefined;
  if (!row || !user) throw expiredChallenge();
  return { row, user };
}

/** Options to answer a pending second-factor sign-in with one of the account's passkeys. */
export async function secondFactorPasskeyOptions(deps: Deps, challenge: string) {
  const { user } = await pendingSignIn(deps, challenge);
  return assertionOptions(deps, user.id);
}

/** `POST /auth/2fa`: the second factor of a pending sign-in; the session opens, and counts as a fresh step-up. */
export async function completeSecondFactor(deps: Deps, input: SecondFactorSignIn, meta: ClientMeta) {
  const { row, user } = await pendingSignIn(deps, input.challenge);
  await verifyFactor(deps, user.id, input as FactorInput);
  if (!(await takeSignInChallenge(deps.db, row.id))) throw expiredChallenge();
  if (user.status !== 'active') throw inactiveAccount();
  const method = (row.detail.method ?? 'password') as SessionMethod;
  const session = await openSession(deps, user, row.detail.remember ?? true, method, meta);
  await stepUpAtSignIn(deps, session.id);
  return { token: session.token, expiresAt: session.expiresAt };
}

/** A password-free sign-in with a discoverable passkey: it is both factors (possession and the device's user verification). */
export async function passkeySignIn(deps: Deps, input: PasskeySignInInput, meta: ClientMeta) {
  const { userId } = await verifyPasskeyAssertion(deps, { challengeId: input.challengeId, response: input.response });
  const user = await findById(deps.db, userId);
  if (!user) throw new AppError(400, ErrorCode.invalidSecondFactor, 'This passkey is not registered to an account here');
  if (user.status !== 'active') throw inactiveAccount();
  const session = await openSession(deps, user, input.remember ?? true, 'passkey', meta);
  await stepUpAtSignIn(deps, session.id);
  return { token: session.token, expiresAt: session.expiresAt };
}

/**
 * Every way of signing in ends here. In maintenance mode only admins get a session: the site is
 * closed to everyone else, and the admins must still be able to come in and open it again.
 */
export async function openSession(deps: Deps, user: UserRow, remember: boolean, method: SessionMethod, meta: ClientMeta) {
  // A suspended or banned account is told until when and why (decision 045), however it signs in.
  assertInGoodStanding(user);
  if (deps.settings.get('maintenanceMode') && !passesMaintenance(user)) throw siteInMaintenance();
  const ttlSeconds = remember ? deps.config.rememberSessionTtlSeconds : deps.config.sessionTtlSeconds;
  const { deviceId: _, ...sessionMeta } = meta;
  const session = await createSession(deps.db, { userId: user.id, ttlSeconds, method, ...sessionMeta });
  await rememberDevice(deps, user, meta);
  // What the account has yet to accept (decision 050): the web app asks before anything else.
  const pending = await pendingAgreements(deps.db, user);
  return { id: session.id, token: session.token, expiresAt: session.expiresAt.toISOString(), pendingAgreements: pending };
}

export async function logout(deps: Deps, session: RequestSession) {
  deps.realtime.disconnectSessions(await revokeSession(deps.db, session.id));
}

/**
 * Changing the password proves the current one, whatever opened the session, so a stolen token
 * alone cannot take the account over. An account that never had a password (social sign-in)
 * sets its first one through the reset link, which proves the mailbox instead.
 */
export async function changePassword(
  deps: Deps,
  session: RequestSession,
  input: { password: string; source: 'user' | 'performer'; currentPassword?: string },
  audit: AuditSource,
) {
  const { user } = session;
  if ((input.source === 'performer') !== isCreator(user)) {
    throw badRequest('source does not match your account', [
      { field: 'source', message: `must be ${isCreator(user) ? 'performer' : 'user'}` },
    ]);
  }
  await changeOwnPassword(deps, session, input.password, input.currentPassword, audit);
}

/**
 * Asking for a reset link, or for the verification link again, answers in the same time whether
 * or not an account has the address (account enumeration by timing): the request only queues a
 * job, which looks the account up and mails it after the answer has gone.
 */
const byEmail = z.object({ email: z.string() });
const PASSWORD_RESET_JOB = jobKind('auth.password-reset', byEmail);
const EMAIL_VERIFICATION_JOB = jobKind('auth.email-verification', byEmail);

export function registerAuthJobs(deps: Deps) {
  deps.jobs.register(PASSWORD_RESET_JOB, ({ email }) => sendPasswordReset(deps, email));
  deps.jobs.register(EMAIL_VERIFICATION_JOB, ({ email }) => resendVerification(deps, email));
  registerExpirySweep(deps);
}

export async function requestPasswordReset(deps: Deps, email: string) {
  await deps.jobs.enqueue(deps.db, PASSWORD_RESET_JOB, { email }, { maxAttempts: 3 });
}

export async function requestEmailVerification(deps: Deps, email: string) {
  await deps.jobs.enqueue(deps.db, EMAIL_VERIFICATION_JOB, { email }, { maxAttempts: 3 });
}

async function sendPasswordReset(deps: Deps, email: string) {
  const user = await findByEmail(deps.db, email);
  if (user?.status !== 'active') return;
  await deps.db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, user.id, 'reset_password');
    const link = `${deps.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
    await sendEmail(deps, tx, 'account.passwordReset', { to: user.email!, vars: { name: user.name || user.username, link } });
  });
}

async function resendVerification(deps: Deps, email: string) {
  const user = await findByEmail(deps.db, email);
  if (user && !user.verifiedEmail && user.status === 'active') await sendVerificationMail(deps, user);
}

export async function resetPassword(deps: Deps, token: string, password: string, meta: ClientMeta) {
  const passwordHash = await hashPassword(password);
  const revoked = await deps.db.transaction(async (tx) => {
    const link = await consumeOneTimeToken(tx, token, 'reset_password');
    const user = link ? await findById(tx, link.userId) : undefined;
    if (!user) throw new AppError(400, ErrorCode.invalidToken, 'This reset link is invalid or has expired');
    // Refused here, the link stays unused: the rollback gives it back for a better password.
    assertNewPassword(deps, password, user);
    // The link proved the mailbox, so the address is verified too, and guessing starts afresh.
    await changeAccount(tx, user.id, { passwordHash, verifiedEmail: true });
    await clearSignInFailures(tx, accountKey(user));
    const source = { ...auditSourceOfUser(user), ip: meta.ip, userAgent: meta.userAgent };
    await recordAudit(tx, source, { action: 'auth.password.reset', target: { type: 'user', id: user.id } });
    await mailSecurityChange(deps, tx, user, 'password');
    return revokeAllSessions(tx, user.id);
  });
  deps.realtime.disconnectSessions(revoked);
}

export async function verifyEmail(deps: Deps, token: string) {
  const link = await consumeOneTimeToken(deps.db, token, 'verify_email');
  if (!link) throw new AppError(400, ErrorCode.invalidToken, 'This verification link is invalid or has expired');
  await changeAccount(deps.db, link.userId, { verifiedEmail: true });
}

/**
 * Exchanges a one-time login token for a (one-day) session. A link that stood for the password
 * (the e-mailed proof of a sign-in under guessing) still asks an account with 2FA for its second
 * factor; an admin's log-in-as link opens a session marked as such (the web app shows a banner).
 */
export async function loginWithOneTimeToken(
  deps: Deps,
  token: string,
  meta: ClientMeta,
): Promise<LoginAnswer & { impersonated?: boolean }> {
  const login = await consumeOneTimeToken(deps.db, token, 'login');
  const link = login ?? (await consumeOneTimeToken(deps.db, token, 'impersonate'));
  const user = link ? await findById(deps.db, link.userId) : undefined;
  if (!user) throw new AppError(400, ErrorCode.invalidToken, 'This login link is invalid or has expired');
  if (user.status !== 'active') throw inactiveAccount();
  if (login?.detail?.afterPassword) return beginSignIn(deps, user, login.detail.remember ?? false, 'one_time_link', meta);
  const { id: _, ...session } = await openSession(deps, user, false, login ? 'one_time_link' : 'impersonation', meta);
  return { ...session, impersonated: !login };
}

/**
 * A one-time link that signs in as the account: `impersonate` marks the session it opens as an
 * admin's log-in-as. Written in `db` (the caller's transaction, beside its audit entry).
 */
export async function issueLoginLink(
  deps: Deps,
  userId: string,
  redirect?: string,
  options: { impersonate?: boolean; db?: Queryable } = {},
) {
  const token = await issueOneTimeToken(options.db ?? deps.db, userId, options.impersonate ? 'impersonate' : 'login');
  const query = new URLSearchParams({ token, ...(redirect ? { redirect } : {}) });
  return { token, url: `${deps.config.publicUrl}/auth/token-login?${query}` };
}

/**
 * Mails a new account (an admin made by another admin) the link to choose its password: the
 * password reset's one-time link, in the caller's transaction.
 */
export async function sendPasswordSetupLink(deps: Deps, tx: Queryable, user: { id: string; email: string; name: string }) {
  const token = await issueOneTimeToken(tx, user.id, 'reset_password');
  const link = `${deps.config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
  await sendEmail(deps, tx, 'account.adminInvite', { to: user.email, userId: user.id, vars: { name: user.name, link } });
}
