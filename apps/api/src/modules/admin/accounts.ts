import { randomBytes } from 'node:crypto';
import {
  type AdminAccountDetail,
  type AdminAccountUpdate,
  type CreateAdminInput,
  fromCents,
  toCents,
  type WalletAdjustmentInput,
} from '@limelight/contracts';
import type { Deps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { Intent } from '../../platform/idempotency';
import { idempotent } from '../../platform/idempotency';
import { balanceOf, walletOf } from '../../platform/ledger';
import { assertMay, isCreator } from '../access';
import { type AuditSource, recordAudit } from '../audit';
import { issueLoginLink, sendPasswordSetupLink } from '../auth';
import { adjustWallet, BPS, fromBps, notifyBalance, toBps } from '../money';
import {
  assertAvailable,
  changeAccount,
  changeCreatorProfile,
  emailSetByAdmin,
  findById,
  findProfile,
  insertAccount,
  openCreatorProfile,
  type UserRow,
} from '../users';
import { accountIdentity } from './identity';
import { commissionOf, reviewFlagOf } from './repo';

const adminViewer = (source: AuditSource) => (source.actor ? { id: source.actor.id, role: source.actor.role ?? undefined } : null);

/** The account, when this admin may edit it: never another admin's (403), 404 when there is none. */
async function editable(
  deps: Deps,
  source: AuditSource,
  userId: string,
  action: 'account.adminEdit' | 'account.impersonate' = 'account.adminEdit',
) {
  const user = await findById(deps.db, userId);
  if (!user) throw notFound('Account');
  return assertMay(adminViewer(source), action, user, () => forbidden("An admin's account is not edited from the console"));
}

export async function accountDetail(deps: Deps, userId: string): Promise<AdminAccountDetail> {
  const user = await findById(deps.db, userId);
  if (!user) throw notFound('Account');
  const [profile, balanceCents] = await Promise.all([
    isCreator(user) ? findProfile(deps.db, user.id) : undefined,
    balanceOf(deps.db, walletOf(user.id)),
  ]);
  return {
    ...accountIdentity(user),
    commission: profile?.commissionBps == null ? null : fromBps(profile.commissionBps),
    siteCommission: deps.settings.get('performerCommission'),
    reviewBeforePublication: profile ? profile.reviewBeforePublication : null,
    balance: fromCents(balanceCents),
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Edits an account with the rules of the owner's own forms (the same schemas, the same "taken"
 * answers); the role moves only between fan and creator, and a commission is a creator's. A new
 * e-mail address is unverified until its owner opens the link sent to it, and the old address is
 * told. One audit entry (`account.update`) names each field's old and new value.
 */
export async function updateAccount(deps: Deps, source: AuditSource, userId: string, input: AdminAccountUpdate) {
  const user = await editable(deps, source, userId);
  const becomesCreator = isCreator({ id: user.id, role: input.role ?? user.role });
  if (input.commission !== undefined && !becomesCreator) {
    throw badRequest('commission is set only for creators', [{ field: 'commission', message: 'is set only for creators' }]);
  }
  if (input.reviewBeforePublication !== undefined && !becomesCreator) {
    throw badRequest('reviewBeforePublication is set only for creators', [
      { field: 'reviewBeforePublication', message: 'is set only for creators' },
    ]);
  }
  await deps.db.transaction(async (tx) => {
    const { commission, reviewBeforePublication, ...fields } = input;
    await assertAvailable(tx, { username: fields.username, email: fields.email }, user.id);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, value] of Object.entries(fields) as Array<[keyof typeof fields, string]>) {
      if (user[field] !== value) changes[field] = { from: user[field], to: value };
    }
    // A new address is unproven until its owner opens the verification link sent to it.
    const newEmail = changes.email ? fields.email : undefined;
    if (newEmail && user.verifiedEmail) changes.verifiedEmail = { from: true, to: false };
    if (Object.keys(changes).length) {
      await changeAccount(tx, user.id, newEmail ? { ...fields, verifiedEmail: false } : fields);
    }
    if (newEmail) await emailSetByAdmin(deps, tx, user, newEmail);
    if (becomesCreator) await openCreatorProfile(tx, user.id);
    if (commission !== undefined) {
      const bps = commission === null ? null : toBps(commission)!;
      const before = await commissionOf(tx, user.id);
      await changeCreatorProfile(tx, user.id, { commissionBps: bps });
      if ((before?.bps ?? null) !== bps) {
        changes.commission = { from: before?.bps == null ? null : before.bps / BPS, to: commission };
      }
    }
    if (reviewBeforePublication !== undefined) {
      const before = await reviewFlagOf(tx, user.id);
      await changeCreatorProfile(tx, user.id, { reviewBeforePublication });
      if ((before?.flagged ?? false) !== reviewBeforePublication) {
        changes.reviewBeforePublication = { from: before?.flagged ?? false, to: reviewBeforePublication };
      }
    }
    if (Object.keys(changes).length) {
      await recordAudit(tx, source, { action: 'account.update', target: { type: 'user', id: user.id }, details: changes });
    }
  });
  return accountDetail(deps, user.id);
}

/**
 * Credits or debits a wallet through the money module, once per `Idempotency-Key` (a retry gets
 * the first answer and moves nothing); recorded as `wallet.adjust` with the reason.
 */
export async function adjustAccountWallet(
  deps: Deps,
  source: AuditSource,
  userId: string,
  input: WalletAdjustmentInput,
  intent: Intent | undefined,
) {
  if (!intent) {
    throw badRequest('The Idempotency-Key header is required for a wallet adjustment', [
      { field: 'Idempotency-Key', message: 'is required' },
    ]);
  }
  const user = await editable(deps, source, userId);
  const amountCents = (input.direction === 'credit' ? 1 : -1) * toCents(input.amount);
  const answer = await idempotent(
    deps.db,
    source.actor!.id,
    intent,
    async (tx) => {
      const { id, balanceCents } = await adjustWallet(tx, {
        userId: user.id,
        adminId: source.actor!.id,
        amountCents,
        reason: input.reason,
      });
      await recordAudit(tx, source, {
        action: 'wallet.adjust',
        target: { type: 'user', id: user.id },
        reason: input.reason,
        details: { adjustmentId: id, direction: input.direction, amount: input.amount },
      });
      return { _id: id, balance: fromCents(balanceCents), balanceCents };
    },
    (moved) => notifyBalance(deps, user.id, moved.balanceCents),
  );
  return { _id: answer._id, balance: answer.balance };
}

/** Makes an admin account and mails its owner the link to choose a password (`admin.create`). */
export async function createAdmin(deps: Deps, source: AuditSource, input: CreateAdminInput) {
  return deps.db.transaction(async (tx) => {
    // A password nobody knows: the owner chooses theirs from the link.
    const user: UserRow = await insertAccount(tx, 'admin', { ...input, password: randomBytes(32).toString('base64url') });
    await sendPasswordSetupLink(deps, tx, { id: user.id, email: input.email, name: input.name });
    await recordAudit(tx, source, {
      action: 'admin.create',
      target: { type: 'user', id: user.id },
      details: { username: input.username, email: input.email },
    });
    return { _id: user.id, message: `The admin account was made; ${input.email} has the link to choose a password` };
  });
}

/**
 * A one-time link that opens the account's session, marked as an admin's log-in-as, with the
 * reason recorded first (`account.impersonate`).
 */
export async function impersonate(deps: Deps, source: AuditSource, userId: string, reason: string) {
  const user = await editable(deps, source, userId, 'account.impersonate');
  if (user.status !== 'active') throw badRequest('This account is deactivated: activate it first to log in as it');
  return deps.db.transaction(async (tx) => {
    await recordAudit(tx, source, { action: 'account.impersonate', target: { type: 'user', id: user.id }, reason });
    const { url } = await issueLoginLink(deps, user.id, '/', { impersonate: true, db: tx });
    return { url };
  });
}
