import { randomUUID } from 'node:crypto';
import { ErrorCode, type RegisterPerformerInput, type RegisterUserInput } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { performerProfiles, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { createSession, type RequestSession, revokeAllSessions, revokeSession, type SessionMethod } from '../../platform/auth';
import { AppError, badRequest } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import { consumeOneTimeToken, issueOneTimeToken } from '../../platform/one-time-tokens';
import { hashPassword, verifyPassword } from '../../platform/password';
import { discardDocuments, recordDocuments, storeDocuments, type UploadedDocument } from '../performers';
import { assertAvailable, findByEmail, findById, findByLogin, insertAccount, sendVerificationMail, type UserRow } from '../users';

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
  const user = await deps.db.transaction((tx) => insertAccount(tx, 'user', input));
  await afterRegistration(deps, user);
  return registrationAnswer(deps, user);
}

export async function registerPerformer(deps: Deps, input: RegisterPerformerInput, documents: UploadedDocument[]) {
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
    await afterRegistration(deps, user);
    return registrationAnswer(deps, user);
  } catch (error) {
    await discardDocuments(deps, stored);
    throw error;
  }
}

async function afterRegistration(deps: Deps, user: UserRow) {
  if (deps.settings.get('requireEmailVerification')) await sendVerificationMail(deps, user);
}

function registrationAnswer(deps: Deps, user: UserRow) {
  const requireEmailVerification = deps.settings.get('requireEmailVerification');
  return {
    _id: user.id,
    requireEmailVerification,
    message: requireEmailVerification
      ? 'Your account has been created. We have sent you an e-mail: please verify your address, then log in.'
      : 'Your account has been created. You can log in now.',
  };
}

export async function login(
  deps: Deps,
  input: { email?: string; username?: string; password: string; remember: boolean },
  meta: ClientMeta,
) {
  const user = await findByLogin(deps.db, (input.email ?? input.username)!);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await throwawayHash()), input.password);
  if (!user || !passwordMatches) throw new AppError(401, ErrorCode.invalidCredentials, INCORRECT_CREDENTIALS);
  if (user.status !== 'active') throw inactiveAccount();
  if (deps.settings.get('requireEmailVerification') && !user.verifiedEmail && user.role !== 'admin') {
    throw new AppError(403, ErrorCode.emailNotVerified, 'Please verify your e-mail address before logging in');
  }
  return openSession(deps, user.id, input.remember, 'password', meta);
}

export function openSession(deps: Deps, userId: string, remember: boolean, method: SessionMethod, meta: ClientMeta) {
  const ttlSeconds = remember ? deps.config.rememberSessionTtlSeconds : deps.config.sessionTtlSeconds;
  return createSession(deps.db, { userId, ttlSeconds, method, ...meta }).then((session) => ({
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
  }));
}

export async function logout(deps: Deps, session: RequestSession) {
  await revokeSession(deps.db, session.id);
  await deps.realtime.disconnectSession(session.id);
}

/**
 * A password-opened session must prove the current password, so a stolen token alone cannot
 * take the account over; a session opened by a one-time e-mail link has just proven the mailbox.
 */
export async function changePassword(
  deps: Deps,
  session: RequestSession,
  input: { password: string; source: 'user' | 'performer'; currentPassword?: string },
) {
  const { user } = session;
  if ((input.source === 'performer') !== (user.role === 'performer')) {
    throw badRequest('source does not match your account', [
      { field: 'source', message: `must be ${user.role === 'performer' ? 'performer' : 'user'}` },
    ]);
  }
  if (session.method === 'password' && !(await verifyPassword(user.passwordHash, input.currentPassword ?? ''))) {
    throw badRequest('currentPassword is incorrect', [{ field: 'currentPassword', message: 'is incorrect' }]);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id, session.id);
  });
}

export async function requestPasswordReset(deps: Deps, email: string) {
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

export async function resetPassword(deps: Deps, token: string, password: string) {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, 'reset_password');
    if (!userId) throw new AppError(400, ErrorCode.invalidToken, 'This reset link is invalid or has expired');
    // The link proved the mailbox, so the address is verified too.
    await tx.update(users).set({ passwordHash, verifiedEmail: true }).where(eq(users.id, userId));
    await revokeAllSessions(tx, userId);
  });
}

export async function requestEmailVerification(deps: Deps, email: string) {
  const user = await findByEmail(deps.db, email);
  if (user && !user.verifiedEmail && user.status === 'active') await sendVerificationMail(deps, user);
}

export async function verifyEmail(deps: Deps, token: string) {
  const userId = await consumeOneTimeToken(deps.db, token, 'verify_email');
  if (!userId) throw new AppError(400, ErrorCode.invalidToken, 'This verification link is invalid or has expired');
  await deps.db.update(users).set({ verifiedEmail: true }).where(eq(users.id, userId));
}

/** Exchanges a one-time login token for a (one-day) session. */
export async function loginWithOneTimeToken(deps: Deps, token: string, meta: ClientMeta) {
  const userId = await consumeOneTimeToken(deps.db, token, 'login');
  const user = userId ? await findById(deps.db, userId) : undefined;
  if (!user) throw new AppError(400, ErrorCode.invalidToken, 'This login link is invalid or has expired');
  if (user.status !== 'active') throw inactiveAccount();
  return openSession(deps, user.id, false, 'one_time_link', meta);
}

export async function issueLoginLink(deps: Deps, userId: string, redirect?: string) {
  const token = await issueOneTimeToken(deps.db, userId, 'login');
  const query = new URLSearchParams({ token, ...(redirect ? { redirect } : {}) });
  return { token, url: `${deps.config.publicUrl}/auth/token-login?${query}` };
}
