import type { AccountStanding, StandingActionInput, StandingRecord } from '@limelight/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { standingActions, users } from '../../db/schema';
import type { Deps } from '../../deps';
import { revokeAllSessions } from '../../platform/auth';
import { conflict, notFound } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import { standingOf, standingRefusal } from '../access';
import { type AuditSource, recordAudit } from '../audit';
import { notify } from '../notifications';
import { endSessionsOf } from '../streaming';
import { stopRenewalsOf } from '../subscriptions';

type Account = typeof users.$inferSelect;

/** `2026-11-27 14:00 UTC`, as the e-mails name the end of a suspension. */
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

const greeting = (account: Account) => `Hi ${account.name || account.username || 'there'},`;

// Template key `account.warned` (the lead switches this call to the editable templates).
async function mailAccountWarned(deps: Deps, tx: Queryable, account: Account, reason: string) {
  if (!account.email) return;
  const site = deps.settings.get('siteName');
  await queueMail(deps.jobs, tx, {
    to: account.email,
    subject: `A warning about your ${site} account`,
    text: `${greeting(account)}\n\nAn administrator of ${site} warned your account:\n\n${reason}\n\nNothing else changes for now, but further breaches of the rules may lead to a suspension or a ban.`,
  });
}

// Template key `account.suspended`.
async function mailAccountSuspended(deps: Deps, tx: Queryable, account: Account, reason: string, until: Date) {
  if (!account.email) return;
  const site = deps.settings.get('siteName');
  await queueMail(deps.jobs, tx, {
    to: account.email,
    subject: `Your ${site} account is suspended until ${utc(until)}`,
    text: `${greeting(account)}\n\nAn administrator of ${site} suspended your account until ${utc(until)}:\n\n${reason}\n\nUntil then you cannot sign in, your page is hidden and your subscriptions do not renew. You can sign in again once the suspension ends.`,
  });
}

// Template key `account.banned`.
async function mailAccountBanned(deps: Deps, tx: Queryable, account: Account, reason: string) {
  if (!account.email) return;
  const site = deps.settings.get('siteName');
  await queueMail(deps.jobs, tx, {
    to: account.email,
    subject: `Your ${site} account is banned`,
    text: `${greeting(account)}\n\nAn administrator of ${site} banned your account:\n\n${reason}\n\nYou can no longer sign in, your page is hidden and your subscriptions do not renew. Reply to this e-mail if you believe this is a mistake.`,
  });
}

// Template key `account.restored`.
async function mailAccountRestored(deps: Deps, tx: Queryable, account: Account, reason: string) {
  if (!account.email) return;
  const site = deps.settings.get('siteName');
  await queueMail(deps.jobs, tx, {
    to: account.email,
    subject: `Your ${site} account is in good standing again`,
    text: `${greeting(account)}\n\nAn administrator of ${site} restored your account to good standing:\n\n${reason}\n\nYou can sign in again. Subscriptions that stopped renewing can be started again from the creator's page.`,
  });
}

const noticeText = {
  warn: (reason: string) => `An administrator warned your account: ${reason}`,
  restore: (reason: string) => `Your account is in good standing again: ${reason}`,
};

/**
 * `PUT /api/admin/accounts/:id/standing` (decision 045): warn (a strike; the account is told),
 * suspend until a time, ban, or restore good standing; never an admin's account. One transaction
 * writes the standing, its history, the audit entry with the reason and the e-mail; a suspension
 * or ban also revokes every session and stops every subscription from renewing, and once it
 * commits the account's sockets close on every process and its live session ends.
 */
export async function setAccountStanding(deps: Deps, source: AuditSource, userId: string, input: StandingActionInput) {
  const until = input.until ? new Date(input.until) : null;
  const { revoked, account, to } = await deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), ne(users.role, 'admin')))
      .for('update');
    if (!account) throw notFound('Account');
    const from = standingOf(account);
    if (input.action === 'restore' && from === 'good') throw conflict('This account is already in good standing');
    const to: AccountStanding = { warn: from, suspend: 'suspended', ban: 'banned', restore: 'good' }[input.action] as AccountStanding;
    if (input.action !== 'warn') {
      await tx
        .update(users)
        .set({ standing: to, standingUntil: until, standingReason: to === 'good' ? null : input.reason })
        .where(eq(users.id, userId));
    }
    await tx.insert(standingActions).values({
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
      await mailAccountWarned(deps, tx, account, input.reason);
      return { revoked: [], account, to };
    }
    if (input.action === 'restore') {
      await notify(deps, tx, { userId, kind: 'account_standing', text: noticeText.restore(input.reason), link: null });
      await mailAccountRestored(deps, tx, account, input.reason);
      return { revoked: [], account, to };
    }
    await stopRenewalsOf(tx, userId);
    if (input.action === 'suspend') await mailAccountSuspended(deps, tx, account, input.reason, until!);
    else await mailAccountBanned(deps, tx, account, input.reason);
    return { revoked: await revokeAllSessions(tx, userId), account, to };
  });
  if (input.action === 'suspend' || input.action === 'ban') {
    // Its open pages hear why (the words of its next sign-in), then its sockets close on every process.
    const refusal = standingRefusal({ standing: to, standingUntil: until, standingReason: input.reason });
    if (refusal) deps.realtime.toUser(userId).emit('auth/error', { message: refusal.message });
    deps.realtime.disconnectSessions(revoked);
    await endSessionsOf(deps, account.id);
  }
  return { standing: to, standingUntil: to === 'suspended' ? until!.toISOString() : null };
}

/** The account's standing history, newest first, with each admin's name. */
export async function standingHistory(deps: Deps, userId: string): Promise<StandingRecord[]> {
  const [account] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.role, 'admin')));
  if (!account) throw notFound('Account');
  const admins = users;
  const rows = await deps.db
    .select({ action: standingActions, adminName: admins.username })
    .from(standingActions)
    .leftJoin(admins, eq(admins.id, standingActions.adminId))
    .where(eq(standingActions.userId, userId))
    .orderBy(desc(standingActions.createdAt), desc(standingActions.id));
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
