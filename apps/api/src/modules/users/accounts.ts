import type { Role } from '@limelight/contracts';
import type { Database, Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { type RequestSession, revokeAllSessions } from '../../platform/auth';
import { badRequest, conflict } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { issueOneTimeToken } from '../../platform/one-time-tokens';
import { hashPassword, verifyPassword } from '../../platform/password';
import { assertGuessResistant } from '../../platform/password-strength';
import { clearSignInFailures, confirmationKey, takeConfirmationAttempt } from '../../platform/sign-in-throttle';
import { type AuditSource, recordAudit } from '../audit';
import { sendEmail } from '../emails';
import { type AccountChanges, insertUser, type NewAccount, setPasswordHash, takenFields, type UserRow, updateAccountRow } from './repo';
import { mailSecurityChange } from './security-mail';

/** Refuses a username or e-mail another account has (of either role), naming each field. */
export async function assertAvailable(db: Queryable, input: { username?: string; email?: string }, exceptUserId?: string) {
  const taken = await takenFields(db, input, exceptUserId);
  if (taken.length) {
    throw conflict(
      taken.map((field) => `${field} is already taken`).join('; '),
      taken.map((field) => ({ field, message: 'is already taken' })),
    );
  }
}

/** Inserts the account; the lower() unique indexes settle races the pre-check cannot. */
export async function insertAccount(
  tx: Queryable,
  role: Role,
  input: { name: string; username?: string; email: string; password: string; verifiedEmail?: boolean },
): Promise<UserRow> {
  // Hashed first, so a taken address answers no faster than a new one (enumeration by timing).
  const passwordHash = await hashPassword(input.password);
  await assertAvailable(tx, input);
  try {
    return await insertUser(tx, {
      role,
      name: input.name,
      username: input.username,
      email: input.email,
      passwordHash,
      verifiedEmail: input.verifiedEmail ?? false,
    });
  } catch (error) {
    throw duplicateAsConflict(error);
  }
}

export function duplicateAsConflict(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === undefined) return error;
  const field = constraint.includes('email') ? 'email' : 'username';
  return conflict(`${field} is already taken`, [{ field, message: 'is already taken' }]);
}

/** A new account without a password (an outside identity's); the caller checked which fields are free. */
export const insertPasswordlessAccount = (tx: Queryable, values: Omit<NewAccount, 'passwordHash'>) => insertUser(tx, values);

/** Changes an account and answers it (undefined when there is none); a taken username or e-mail answers 409 naming it. */
export async function changeAccount(tx: Queryable, userId: string, changes: AccountChanges): Promise<UserRow | undefined> {
  return updateAccountRow(tx, userId, changes).catch((error: unknown) => {
    throw duplicateAsConflict(error);
  });
}

/**
 * Queues the link that verifies the user's address, with its token, in one transaction. The link
 * carries `redirect` (a path on this site, checked by the caller's schema), the page to land on
 * after logging in.
 */
export async function sendVerificationMail(deps: Deps, user: UserRow, redirect?: string) {
  await deps.db.transaction((tx) => queueVerificationMail(deps, tx, user, redirect));
}

/** The verification link to the user's address, queued in the caller's transaction. */
export async function queueVerificationMail(
  deps: Deps,
  tx: Queryable,
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'username'>,
  redirect?: string,
) {
  const email = user.email;
  if (!email) return;
  const token = await issueOneTimeToken(tx, user.id, 'verify_email');
  const query = new URLSearchParams({ token, ...(redirect ? { redirect } : {}) });
  const link = `${deps.config.publicUrl}/auth/verify-email?${query}`;
  await sendEmail(deps, tx, 'account.verifyEmail', { to: email, vars: { name: user.name || user.username, link } });
}

/**
 * Sensitive changes (password, sign-in e-mail, payout details) prove the current password, so a
 * stolen session token alone cannot take an account or its money. Wrong tries count against the
 * account like failed sign-ins. An account without a password (social sign-in) sets one first
 * through the reset link, which proves the mailbox.
 */
export async function assertCurrentPassword(db: Database, user: Pick<UserRow, 'id' | 'passwordHash'>, currentPassword: string | undefined) {
  const field = (message: string) => [{ field: 'currentPassword', message }];
  if (!user.passwordHash) {
    throw badRequest(
      'Your account has no password yet: choose one with "Forgot password" (we e-mail you a link), then try again',
      field('cannot be checked: the account has no password'),
    );
  }
  if (!currentPassword) throw badRequest('Enter your current password to make this change', field('is required'));
  const account = confirmationKey('current-password', user.id);
  await takeConfirmationAttempt(db, account);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw badRequest('Your current password is incorrect', field('is incorrect'));
  }
  await clearSignInFailures(db, account);
}

/** A new password must not be one an attacker tries early; the person's own details count as known words. */
export function assertNewPassword(
  deps: Deps,
  password: string,
  who: { name?: string | null; username?: string | null; email?: string | null },
) {
  assertGuessResistant(password, {
    hashedByClient: deps.config.hashPwClient,
    knownWords: [who.name, who.username, who.email, deps.settings.get('siteName')],
  });
}

/**
 * The signed-in person's new password, proved by the current one (from the password screen or
 * with a profile update): every other session of the account ends, its sockets closed too.
 */
export async function changeOwnPassword(
  deps: Deps,
  session: RequestSession,
  password: string,
  currentPassword: string | undefined,
  source: AuditSource,
) {
  const { user } = session;
  await assertCurrentPassword(deps.db, user, currentPassword);
  assertNewPassword(deps, password, user);
  const revoked = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, await hashPassword(password));
    await recordAudit(tx, source, { action: 'auth.password.change', target: { type: 'user', id: user.id } });
    await mailSecurityChange(deps, tx, user, 'password');
    return revokeAllSessions(tx, user.id, session.id);
  });
  deps.realtime.disconnectSessions(revoked);
}
