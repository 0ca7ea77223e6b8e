import type { UpdateAccountInput } from '@limelight/contracts';
import type { Deps } from '../../deps';
import type { RequestSession } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { balanceOf, earningsOf, walletOf } from '../../platform/ledger';
import { assertMay, assertMayReach, isCreator } from '../access';
import { pendingAgreements } from '../agreements';
import type { AuditSource } from '../audit';
import { assertAvailable, changeAccount, changeOwnPassword } from './accounts';
import { pendingEmailOf, requestEmailChange } from './email-change';
import { toCurrentUser, toPublicUser } from './presenter';
import { findActiveByIdOrUsername, findProfile, searchUsers, type UserRow } from './repo';

/** A fan's balance is their wallet; a creator's is what they earned and may request. */
export const spendableAccount = (user: Pick<UserRow, 'id' | 'role'>) => (isCreator(user) ? earningsOf(user.id) : walletOf(user.id));

export async function currentUser(deps: Deps, user: UserRow) {
  const [profile, balanceCents, pendingEmail, pending] = await Promise.all([
    isCreator(user) ? findProfile(deps.db, user.id) : undefined,
    balanceOf(deps.db, spendableAccount(user)),
    pendingEmailOf(deps.db, user.id),
    pendingAgreements(deps.db, user),
  ]);
  return { ...toCurrentUser(user, balanceCents, pendingEmail, profile), pendingAgreements: pending };
}

/**
 * Updates the account's own fields. A new e-mail address is not set here: it takes effect once
 * its owner confirms it (`email-change.ts`), and asking for it needs the current password.
 */
export async function updateAccount(deps: Deps, session: RequestSession, input: UpdateAccountInput, source: AuditSource) {
  const { user } = session;
  const { email, password, currentPassword, ...changes } = input;
  await assertAvailable(deps.db, changes, user.id);
  if (password !== undefined) await changeOwnPassword(deps, session, password, currentPassword, source);
  if (email !== undefined) await requestEmailChange(deps, session, email, currentPassword);
  const updated = Object.keys(changes).length ? await changeAccount(deps.db, user.id, changes) : user;
  return currentUser(deps, updated!);
}

/** Active fans and creators by name or username prefix, as anyone signed in may see them. */
export async function searchAccounts(deps: Deps, viewer: UserRow, q: string | undefined, page: { offset: number; limit: number }) {
  const { rows, total } = await searchUsers(deps.db, q, page, viewer.id);
  return { data: rows.map(toPublicUser), total };
}

/**
 * An account's public card. A creator's is refused, as their page is, to the fan they blocked and
 * to their blocked countries (decision 053: the access matrix found it open to them).
 */
export async function viewAccount(deps: Deps, viewer: UserRow, idOrUsername: string) {
  const user = assertMay(viewer, 'account.view', await findActiveByIdOrUsername(deps.db, idOrUsername), () => notFound('User'));
  if (isCreator(user)) await assertMayReach(deps.db, viewer, user.id);
  return toPublicUser(user);
}
