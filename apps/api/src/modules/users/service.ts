import type { UpdateAccountInput } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { RequestSession } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { balanceOf, earningsOf, walletOf } from '../../platform/ledger';
import { assertAvailable, duplicateAsConflict, sendVerificationMail } from './accounts';
import { toCurrentUser, toPublicUser } from './presenter';
import { findActiveByIdOrUsername, findProfile, searchUsers, type UserRow } from './repo';

/** A fan's balance is their wallet; a creator's is what they earned and may request. */
export const spendableAccount = (user: Pick<UserRow, 'id' | 'role'>) =>
  user.role === 'performer' ? earningsOf(user.id) : walletOf(user.id);

export async function currentUser(deps: Deps, user: UserRow) {
  const [profile, balanceCents] = await Promise.all([
    user.role === 'performer' ? findProfile(deps.db, user.id) : undefined,
    balanceOf(deps.db, spendableAccount(user)),
  ]);
  return toCurrentUser(user, balanceCents, profile);
}

/** Updates the account's own fields. A new e-mail address must be verified again. */
export async function updateAccount(deps: Deps, session: RequestSession, input: UpdateAccountInput) {
  const { user } = session;
  await assertAvailable(deps.db, input, user.id);
  const emailChanged = input.email !== undefined && input.email.toLowerCase() !== user.email?.toLowerCase();
  const [updated] = await deps.db
    .update(users)
    .set({ ...input, ...(emailChanged ? { verifiedEmail: false } : {}) })
    .where(eq(users.id, user.id))
    .returning()
    .catch((error: unknown) => {
      throw duplicateAsConflict(error);
    });
  if (emailChanged) await sendVerificationMail(deps, updated!);
  return currentUser(deps, updated!);
}

/** Active fans and creators by name or username prefix, as anyone signed in may see them. */
export async function searchAccounts(deps: Deps, viewer: UserRow, q: string | undefined, page: { offset: number; limit: number }) {
  const { rows, total } = await searchUsers(deps.db, q, page, viewer.id);
  return { data: rows.map(toPublicUser), total };
}

export async function viewAccount(deps: Deps, idOrUsername: string) {
  const user = await findActiveByIdOrUsername(deps.db, idOrUsername);
  if (!user || user.role === 'admin') throw notFound('User');
  return toPublicUser(user);
}
