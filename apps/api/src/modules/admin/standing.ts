import type { AccountStanding, StandingActionInput, StandingRecord } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { users } from '../../db/read/users';
import type { Deps } from '../../deps';
import { revokeAllSessions } from '../../platform/auth';
import { conflict, notFound } from '../../platform/errors';
import { standingOf, standingRefusal } from '../access';
import { type AuditSource, recordAudit } from '../audit';
import { sendEmail } from '../emails';
import { notify } from '../notifications';
import { announceClosedShows, closePrivateShowsOf, endSessionsOf } from '../streaming';
import { stopRenewalsOf } from '../subscriptions';
import { changeAccount } from '../users';
import { findNonAdminAccount, insertStandingAction, lockNonAdminAccount, standingActionsOf } from './repo';

type Account = typeof users.$inferSelect;

/** `2026-11-27 14:00 UTC`, as the e-mails name the end of a suspension. */
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const nameOf = (account: Account) => account.name || account.username;

/** The e-mail of a standing change (templates `account.warned`, `.suspended`, `.banned`, `.restored`). */
async function mailStanding(
  deps: Deps,
  tx: Queryable,
  account: Account,
  action: StandingActionInput['action'],
  reason: string,
  until: Date | null,
) {
  if (!account.email) return;
  const to = { to: account.email, userId: account.id };
  const name = nameOf(account);
  switch (action) {
    case 'warn':
      await sendEmail(deps, tx, 'account.warned', { ...to, vars: { name, reason } });
      break;
    case 'suspend':
      await sendEmail(deps, tx, 'account.suspended', { ...to, vars: { name, reason, until: utc(until!) } });
      break;
    case 'ban':
      await sendEmail(deps, tx, 'account.banned', { ...to, vars: { name, reason, link: `${deps.config.publicUrl}/contact` } });
      break;
    case 'restore':
      await sendEmail(deps, tx, 'account.restored', { ...to, vars: { name, reason } });
  }
}

const noticeText = {
  warn: (reason: string) => `An administrator warned your account: ${reason}`,
  restore: (reason: string) => `Your account is in good standing again: ${reason}`,
};

/**
 * `PUT /api/admin/accounts/:id/standing` (decision 045): warn (a strike; the account is told),
 * suspend until a time, ban, or restore good standing; never an admin's account. One transaction
 * writes the standing, its history, the audit entry with the reason and the e-mail; a suspension
 * or ban also revokes every session, stops every subscription from renewing and closes the
 * account's private shows (cancelled, or ended with the minute in progress refunded), and once it
 * commits the account's sockets close on every process and its live session ends.
 */
export async function setAccountStanding(deps: Deps, source: AuditSource, userId: string, input: StandingActionInput) {
  const until = input.until ? new Date(input.until) : null;
  const { revoked, account, to, closedShows } = await deps.db.transaction(async (tx) => {
    const account = await lockNonAdminAccount(tx, userId);
    if (!account) throw notFound('Account');
    const from = standingOf(account);
    if (input.action === 'restore' && from === 'good') throw conflict('This account is already in good standing');
    const to: AccountStanding = { warn: from, suspend: 'suspended', ban: 'banned', restore: 'good' }[input.action] as AccountStanding;
    if (input.action !== 'warn') {
      await changeAccount(tx, userId, { standing: to, standingUntil: until, standingReason: to === 'good' ? null : input.reason });
    }
    await insertStandingAction(tx, {
      userId,
      action: input.action,
      reason: input.reason,
      until,
      reportId: input.reportId ?? null,
      adminId: source.actor?.id ?? null,
    });
    await recordAudit(tx, source, {
      action: `account.${input.action}`,
      target: { type: 'user', id: userId },
      reason: input.reason,
      details: { from, to, ...(until ? { until: until.toISOString() } : {}), ...(input.reportId ? { reportId: input.reportId } : {}) },
    });
    if (input.action === 'warn') {
      await notify(deps, tx, { userId, kind: 'account_standing', text: noticeText.warn(input.reason), link: '/notifications' });
      await mailStanding(deps, tx, account, 'warn', input.reason, null);
      return { revoked: [], account, to, closedShows: undefined };
    }
    if (input.action === 'restore') {
      await notify(deps, tx, { userId, kind: 'account_standing', text: noticeText.restore(input.reason), link: null });
      await mailStanding(deps, tx, account, 'restore', input.reason, null);
      return { revoked: [], account, to, closedShows: undefined };
    }
    await stopRenewalsOf(tx, userId);
    const closedShows = await closePrivateShowsOf(deps, tx, { id: userId, name: nameOf(account) });
    await mailStanding(deps, tx, account, input.action, input.reason, until);
    return { revoked: await revokeAllSessions(tx, userId), account, to, closedShows };
  });
  if (input.action === 'suspend' || input.action === 'ban') {
    // Its open pages hear why (the words of its next sign-in), then its sockets close on every process.
    const refusal = standingRefusal({ standing: to, standingUntil: until, standingReason: input.reason });
    if (refusal) deps.realtime.toUser(userId).emit('auth/error', { message: refusal.message });
    deps.realtime.disconnectSessions(revoked);
    await endSessionsOf(deps, account.id);
    if (closedShows) await announceClosedShows(deps, closedShows);
  }
  return { standing: to, standingUntil: to === 'suspended' ? until!.toISOString() : null };
}

/** The account's standing history, newest first, with each admin's name. */
export async function standingHistory(deps: Deps, userId: string): Promise<StandingRecord[]> {
  const account = await findNonAdminAccount(deps.db, userId);
  if (!account) throw notFound('Account');
  const rows = await standingActionsOf(deps.db, userId);
  return rows.map(({ action, adminName }) => ({
    _id: action.id,
    action: action.action,
    reason: action.reason,
    until: action.until?.toISOString() ?? null,
    reportId: action.reportId,
    adminId: action.adminId,
    adminName,
    createdAt: action.createdAt.toISOString(),
  }));
}
