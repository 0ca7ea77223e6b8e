import { type DeleteAccountInput, ErrorCode, formatTokens, HELD_USERNAME_DAYS } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { type RequestSession, revokeAllSessions } from '../../platform/auth';
import { AppError, badRequest } from '../../platform/errors';
import { isCreator } from '../access';
import { type AuditSource, recordAudit } from '../audit';
import { payoutBalance } from '../earnings';
import { sendEmail } from '../emails';
import { retireCreatorFeeds } from '../feeds';
import { retireCreatorGalleries } from '../galleries';
import { retireCreatorProducts } from '../shop';
import { removeCreatorStories } from '../stories';
import { stopRenewalsOf } from '../subscriptions';
import { anonymiseAccount, assertCurrentPassword } from '../users';
import { retireCreatorVideos } from '../videos';
import { queueMediaRemoval } from './media';
import { sessionOpenedAt } from './repo';

/** A session opened this recently counts as a fresh sign-in for an account with no password (social sign-in). */
const FRESH_SIGN_IN_MS = 10 * 60_000;

/**
 * Deletes the caller's own account (issue 27, decision 047), in one transaction:
 * - proven by the password (or, for an account without one, a sign-in in the last 10 minutes)
 *   and the username (or e-mail) typed out;
 * - a creator's earnings not yet paid out: the domain rules say nothing, so the creator requests
 *   the payout first (a pending request is still paid by the admin: the account row stays) or
 *   says they forfeit it; the choice and the amount go into the audit entry;
 * - content off every list, as its creator deleting each item would (decision 034): posts, videos,
 *   galleries and products someone bought stay theirs (deleted and inactive, files kept), the rest
 *   go with their files, and stories go; the stored objects of those, of the avatar, cover and
 *   welcome video are removed by a job after the commit (media.ts);
 * - subscriptions stop renewing, both those the account pays and those paid to it;
 * - the account row stays for the ledger, anonymised, with status `deleted`; its username is held;
 * - every session ends and its sockets close; an e-mail confirms to the address it had.
 */
export async function deleteOwnAccount(deps: Deps, session: RequestSession, input: DeleteAccountInput, source: AuditSource) {
  const { user } = session;
  const typed = input.confirm.trim().toLowerCase();
  if (typed !== (user.username ?? '').toLowerCase() && typed !== (user.email ?? '').toLowerCase()) {
    throw badRequest('Type your username to confirm', [{ field: 'confirm', message: 'must be your username' }]);
  }
  if (user.passwordHash) {
    await assertProvenByPassword(deps, user, input.password);
  } else if (Date.now() - (await sessionStartedAt(deps, session)) > FRESH_SIGN_IN_MS) {
    throw new AppError(403, ErrorCode.forbidden, 'Sign in again, then delete your account within 10 minutes');
  }
  const unpaidCents = isCreator(user) ? Math.round((await payoutBalance(deps, user.id)).available * 100) : 0;
  if (unpaidCents > 0 && !input.forfeitBalance) {
    throw new AppError(
      409,
      ErrorCode.conflict,
      `You have ${formatTokens(unpaidCents / 100)} of earnings not paid out. Request a payout first, or confirm that you give them up.`,
      [{ field: 'forfeitBalance', message: 'must be true to give up earnings not paid out' }],
    );
  }
  const email = user.email;
  const revoked = await deps.db.transaction(async (tx) => {
    const retired = [
      ...(await retireCreatorFeeds(tx, user.id)),
      ...(await retireCreatorVideos(tx, user.id)),
      ...(await retireCreatorGalleries(tx, user.id)),
      ...(await retireCreatorProducts(tx, user.id)),
    ];
    await queueMediaRemoval(deps, tx, user.id, retired);
    await removeCreatorStories(tx, user.id);
    await stopRenewalsOf(tx, user.id, { pendingToo: true });
    await anonymiseAccount(tx, user);
    await recordAudit(tx, source, {
      action: 'account.delete',
      target: { type: 'user', id: user.id },
      reason: 'Deleted by its owner',
      details: { role: user.role, username: user.username, ...(unpaidCents > 0 ? { forfeitedEarnings: unpaidCents / 100 } : {}) },
    });
    if (email) await mailAccountDeleted(deps, tx, { email, name: user.name || user.username || '' });
    return revokeAllSessions(tx, user.id);
  });
  deps.realtime.disconnectSessions(revoked);
}

async function assertProvenByPassword(deps: Deps, user: RequestSession['user'], password: string | undefined) {
  try {
    await assertCurrentPassword(deps.db, user, password);
  } catch (error) {
    // The same checks as for a password change, naming this route's field.
    if (error instanceof AppError && error.statusCode === 400) {
      throw badRequest(error.message, [{ field: 'password', message: password ? 'is incorrect' : 'is required' }]);
    }
    throw error;
  }
}

async function sessionStartedAt(deps: Deps, session: RequestSession) {
  return (await sessionOpenedAt(deps.db, session.id))?.getTime() ?? 0;
}

/** The confirmation sent to the address the account had (template `account.deleted`). */
async function mailAccountDeleted(deps: Deps, tx: Queryable, to: { email: string; name: string }) {
  await sendEmail(deps, tx, 'account.deleted', {
    to: to.email,
    vars: { name: to.name, heldDays: String(HELD_USERNAME_DAYS), link: `${deps.config.publicUrl}/contact` },
  });
}
