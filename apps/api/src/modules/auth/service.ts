import { randomUUID } from 'node:crypto';
import { ErrorCode, type RegisterPerformerInput, type RegisterUserInput } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { performerProfiles, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { createSession, type RequestSession, revokeAllSessions, revokeSession, type SessionMethod } from '../../platform/auth';
import { AppError, badRequest, siteInMaintenance } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import { consumeOneTimeToken, issueOneTimeToken } from '../../platform/one-time-tokens';
import { hashPassword, verifyPassword } from '../../platform/password';
import { accountKey, addressKey, clearSignInFailures, recordFailedSignIn, takeSignInAttempt } from '../../platform/sign-in-throttle';
import { isCreator, may, passesMaintenance } from '../access';
import { discardDocuments, recordDocuments, storeDocuments, type UploadedDocument } from '../performers';
import {
  assertAvailable,
  assertNewPassword,
  changeOwnPassword,
  findByEmail,
  findById,
  findByLogin,
  insertAccount,
  sendVerificationMail,
  type UserRow,
} from '../users';

export type ClientMeta = { userAgent?: string; ip?: string };

const INCORRECT_CREDENTIALS = 'Incorrect credentials!';
export const inactiveAccount = () =>
  new AppError(403, ErrorCode.accountInactive, 'Your account is inactive, please contact the site administrator');
/**
 * Verifying against a throwaway hash when the account does not exist keeps both answers equally
 * slow. Made on the first failed lookup rather than at start-up.
 */
let dummyHash: Promise<string> | undefined;
const throwawayHash = () => (dummyHash ??= hashPassword(randomUUID()));

export async function registerUser(deps: Deps, input: RegisterUserInput) {
  assertNewPassword(deps, input.password, input);
  const user = await deps.db.transaction((tx) => insertAccount(tx, 'user', input));
  await afterRegistration(deps, user, input.redirect);
  return registrationAnswer(deps, user);
}

export async function registerPerformer(deps: Deps, input: RegisterPerformerInput, documents: UploadedDocument[]) {
  assertNewPassword(deps, input.password, input);
  await assertAvailable(deps.db, input);
  const stored = await storeDocuments(deps, documents);
  try {
    const user = await deps.db.transaction(async (tx) => {
      const account = await insertAccount(tx, 'performer', input);
      await tx.insert(performerProfiles).values({
        userId: account.id,
        gender: input.gender,
        country: input.country,
        dateOfBirth: input.dateOfBirth,
        ...(await recordDocuments(tx, account.id, stored)),
      });
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
  input: { email?: string; username?: string; password: string; remember: boolean },
  meta: ClientMeta,
) {
  const typed = (input.email ?? input.username)!;
  const user = await findByLogin(deps.db, typed);
  const [account, address] = [accountKey(user, typed), addressKey(meta.ip)];
  await takeSignInAttempt(deps.db, account, address);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await throwawayHash()), input.password);
  if (!user || !passwordMatches) {
    await recordFailedSignIn(deps.db, address);
    throw new AppError(401, ErrorCode.invalidCredentials, INCORRECT_CREDENTIALS);
  }
  await clearSignInFailures(deps.db, account);
  if (user.status !== 'active') throw inactiveAccount();
  if (deps.settings.get('requireEmailVerification') && !user.verifiedEmail && !may(user, 'signIn.unverified', null)) {
    throw new AppError(403, ErrorCode.emailNotVerified, 'Please verify your e-mail address before logging in');
  }
  return openSession(deps, user, input.remember, 'password', meta);
}

/**
 * Every way of signing in ends here. In maintenance mode only admins get a session: the site is
 * closed to everyone else, and the admins must still be able to come in and open it again.
 */
export async function openSession(
  deps: Deps,
  user: Pick<UserRow, 'id' | 'role'>,
  remember: boolean,
  method: SessionMethod,
  meta: ClientMeta,
) {
  if (deps.settings.get('maintenanceMode') && !passesMaintenance(user)) throw siteInMaintenance();
  const ttlSeconds = remember ? deps.config.rememberSessionTtlSeconds : deps.config.sessionTtlSeconds;
  const session = await createSession(deps.db, { userId: user.id, ttlSeconds, method, ...meta });
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
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
) {
  const { user } = session;
  if ((input.source === 'performer') !== isCreator(user)) {
    throw badRequest('source does not match your account', [
      { field: 'source', message: `must be ${isCreator(user) ? 'performer' : 'user'}` },
    ]);
  }
  await changeOwnPassword(deps, session, input.password, input.currentPassword);
}

/**
 * Asking for a reset link, or for the verification link again, answers in the same time whether
 * or not an account has the address (account enumeration by timing): the request only queues a
 * job, which looks the account up and mails it after the answer has gone.
 */
const PASSWORD_RESET_JOB = 'auth.password-reset';
const EMAIL_VERIFICATION_JOB = 'auth.email-verification';

export function registerAuthJobs(deps: Deps) {
  deps.jobs.register(PASSWORD_RESET_JOB, (payload) => sendPasswordReset(deps, String(payload.email)));
  deps.jobs.register(EMAIL_VERIFICATION_JOB, (payload) => resendVerification(deps, String(payload.email)));
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
    await queueMail(deps.jobs, tx, {
      to: user.email!,
      subject: `Reset your ${deps.settings.get('siteName')} password`,
      text: `Hi ${user.name || user.username},\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.`,
    });
  });
}

async function resendVerification(deps: Deps, email: string) {
  const user = await findByEmail(deps.db, email);
  if (user && !user.verifiedEmail && user.status === 'active') await sendVerificationMail(deps, user);
}

export async function resetPassword(deps: Deps, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  const revoked = await deps.db.transaction(async (tx) => {
    const link = await consumeOneTimeToken(tx, token, 'reset_password');
    const user = link ? await findById(tx, link.userId) : undefined;
    if (!user) throw new AppError(400, ErrorCode.invalidToken, 'This reset link is invalid or has expired');
    // Refused here, the link stays unused: the rollback gives it back for a better password.
    assertNewPassword(deps, password, user);
    // The link proved the mailbox, so the address is verified too, and guessing starts afresh.
    await tx.update(users).set({ passwordHash, verifiedEmail: true }).where(eq(users.id, user.id));
    await clearSignInFailures(tx, accountKey(user));
    return revokeAllSessions(tx, user.id);
  });
  deps.realtime.disconnectSessions(revoked);
}

export async function verifyEmail(deps: Deps, token: string) {
  const link = await consumeOneTimeToken(deps.db, token, 'verify_email');
  if (!link) throw new AppError(400, ErrorCode.invalidToken, 'This verification link is invalid or has expired');
  await deps.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, link.userId));
}

/** Exchanges a one-time login token for a (one-day) session. */
export async function loginWithOneTimeToken(deps: Deps, token: string, meta: ClientMeta) {
  const login = await consumeOneTimeToken(deps.db, token, 'login');
  // An admin's log-in-as link opens a session marked as such (the web app shows a banner).
  const link = login ?? (await consumeOneTimeToken(deps.db, token, 'impersonate'));
  const user = link ? await findById(deps.db, link.userId) : undefined;
  if (!user) throw new AppError(400, ErrorCode.invalidToken, 'This login link is invalid or has expired');
  if (user.status !== 'active') throw inactiveAccount();
  const session = await openSession(deps, user, false, login ? 'one_time_link' : 'impersonation', meta);
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
  const siteName = deps.settings.get('siteName');
  await queueMail(deps.jobs, tx, {
    to: user.email,
    subject: `Your ${siteName} admin account: choose a password`,
    text: `Hi ${user.name},\n\nAn administrator account on ${siteName} was made for you. Open this link within one hour to choose your password:\n${link}\n\nIf the link has expired, ask for a new one from "Forgot password" on the sign-in page.`,
  });
}
