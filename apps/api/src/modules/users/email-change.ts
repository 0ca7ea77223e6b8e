import { ErrorCode } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { type RequestSession, revokeAllSessions } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { consumeOneTimeToken, issueOneTimeToken, pendingOneTimeTokens, withdrawOneTimeTokens } from '../../platform/one-time-tokens';
import { accountKey, clearSignInFailures } from '../../platform/sign-in-throttle';
import { auditSourceOfUser, recordAudit } from '../audit';
import { sendEmail } from '../emails';
import { assertAvailable, assertCurrentPassword, duplicateAsConflict, queueVerificationMail } from './accounts';
import { findById, setVerifiedEmail, type UserRow } from './repo';
import { mailSecurityChange } from './security-mail';

/**
 * Changing the sign-in e-mail (decision 012). A stolen session token must not be enough to move
 * the account to another mailbox, from where a password reset would complete the takeover:
 * 1. the change proves the current password and only sends a link to the new address;
 * 2. opening it makes the change, signs out every other session and tells the old address,
 *    with a link that undoes it for two weeks;
 * 3. undoing restores the old address, signs out everywhere and sends a password reset there.
 */

const invalidLink = (what: string) => new AppError(400, ErrorCode.invalidToken, `This ${what} link is invalid or has expired`);
const linkTo = (deps: Deps, page: string, token: string) => `${deps.config.publicUrl}/auth/${page}?token=${encodeURIComponent(token)}`;

/** The address waiting for confirmation, if any. */
export async function pendingEmailOf(db: Queryable, userId: string): Promise<string | null> {
  const [pending] = await pendingOneTimeTokens(db, userId, 'change_email');
  return pending?.detail?.email ?? null;
}

/** Step 1: says whether a link went out (false when the address is the current one). */
export async function requestEmailChange(deps: Deps, session: RequestSession, email: string, currentPassword: string | undefined) {
  const { user } = session;
  if (email.toLowerCase() === user.email?.toLowerCase()) return false;
  // The password first: without it, the answer says nothing about other accounts' addresses.
  await assertCurrentPassword(deps.db, user, currentPassword);
  await assertAvailable(deps.db, { email }, user.id);
  await deps.db.transaction(async (tx) => {
    await withdrawOneTimeTokens(tx, user.id, 'change_email');
    const token = await issueOneTimeToken(tx, user.id, 'change_email', { email, sessionId: session.id });
    await sendEmail(deps, tx, 'account.emailChangeConfirm', {
      to: email,
      vars: { name: user.name || user.username, link: linkTo(deps, 'confirm-email-change', token) },
    });
  });
  return true;
}

export async function cancelEmailChange(deps: Deps, userId: string) {
  await withdrawOneTimeTokens(deps.db, userId, 'change_email');
}

/** Step 2, from the link in the new mailbox (signed in or not). */
export async function confirmEmailChange(deps: Deps, token: string) {
  const { email, revoked } = await deps.db.transaction(async (tx) => {
    const link = await consumeOneTimeToken(tx, token, 'change_email');
    const user = link?.detail && (await findById(tx, link.userId));
    if (!link?.detail || !user) throw invalidLink('confirmation');
    const newEmail = link.detail.email;
    await assertAvailable(tx, { email: newEmail }, user.id);
    await setVerifiedEmail(tx, user.id, newEmail).catch((error: unknown) => {
      throw duplicateAsConflict(error);
    });
    // The link proved the new mailbox; the actor is the account itself.
    await recordAudit(tx, auditSourceOfUser(user), {
      action: 'auth.email.change',
      target: { type: 'user', id: user.id },
      details: { from: user.email, to: newEmail },
    });
    if (user.email) {
      // Template key `security.changed` (the e-mail change, with its undo link).
      const undo = await issueOneTimeToken(tx, user.id, 'undo_email_change', { email: user.email });
      await sendEmail(deps, tx, 'account.emailChanged', {
        to: user.email,
        vars: { name: user.name || user.username, newEmail, link: linkTo(deps, 'undo-email-change', undo) },
      });
    }
    return { email: newEmail, revoked: await revokeAllSessions(tx, user.id, link.detail.sessionId) };
  });
  deps.realtime.disconnectSessions(revoked);
  return { email };
}

/** Step 3, from the link in the old mailbox: the owner takes the account back. */
export async function undoEmailChange(deps: Deps, token: string) {
  const { email, revoked } = await deps.db.transaction(async (tx) => {
    const link = await consumeOneTimeToken(tx, token, 'undo_email_change');
    const user = link?.detail && (await findById(tx, link.userId));
    if (!link?.detail || !user) throw invalidLink('undo');
    const restored = link.detail.email;
    await assertAvailable(tx, { email: restored }, user.id);
    await setVerifiedEmail(tx, user.id, restored).catch((error: unknown) => {
      throw duplicateAsConflict(error);
    });
    await withdrawOneTimeTokens(tx, user.id, 'change_email');
    await clearSignInFailures(tx, accountKey(user));
    const reset = await issueOneTimeToken(tx, user.id, 'reset_password');
    await sendEmail(deps, tx, 'account.emailRestored', {
      to: restored,
      vars: { name: user.name || user.username, link: linkTo(deps, 'reset-password', reset) },
    });
    return { email: restored, revoked: await revokeAllSessions(tx, user.id) };
  });
  deps.realtime.disconnectSessions(revoked);
  return { email };
}

/**
 * An admin set the account's address in the console (in the admin's transaction, after the row
 * was written with `verifiedEmail: false`): nothing proved the new mailbox, so it gets the usual
 * verification link. Links still waiting (a verification sent to the old address, the owner's own
 * change) are withdrawn first: the verification link carries no address, and an old one would
 * otherwise verify the new address. The old address is told as any security change is, without
 * the owner's undo link: the admin may have changed it because the old mailbox was lost or taken.
 */
export async function emailSetByAdmin(deps: Deps, tx: Queryable, user: UserRow, newEmail: string) {
  await withdrawOneTimeTokens(tx, user.id, 'verify_email');
  await withdrawOneTimeTokens(tx, user.id, 'change_email');
  await queueVerificationMail(deps, tx, { ...user, email: newEmail });
  await mailSecurityChange(deps, tx, user, 'emailSetByAdmin');
}
