import type { UpdateAccountInput } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import type { RequestSession } from '../../platform/auth';
import { assertAvailable, duplicateAsConflict, sendVerificationMail } from '../auth/service';
import { toCurrentUser } from './presenter';
import { findProfile } from './repo';

export async function currentUser(deps: Deps, session: RequestSession) {
  const profile = session.user.role === 'performer' ? await findProfile(deps.db, session.user.id) : undefined;
  return toCurrentUser(session.user, profile);
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
  return currentUser(deps, { ...session, user: updated! });
}
