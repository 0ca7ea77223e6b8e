import type { Role } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';
import type { Deps } from '../../deps';
import { conflict } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { queueMail } from '../../platform/mail';
import { issueOneTimeToken } from '../../platform/one-time-tokens';
import { hashPassword } from '../../platform/password';
import { takenFields, type UserRow } from './repo';

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
  await assertAvailable(tx, input);
  try {
    const [user] = await tx
      .insert(users)
      .values({
        role,
        name: input.name,
        username: input.username,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        verifiedEmail: input.verifiedEmail ?? false,
      })
      .returning();
    return user!;
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

/** Queues the link that verifies the user's address, with its token, in one transaction. */
export async function sendVerificationMail(deps: Deps, user: UserRow) {
  const email = user.email;
  if (!email) return;
  await deps.db.transaction(async (tx) => {
    const token = await issueOneTimeToken(tx, user.id, 'verify_email');
    const link = `${deps.config.publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
    await queueMail(deps.jobs, tx, {
      to: email,
      subject: `Verify your e-mail address for ${deps.settings.get('siteName')}`,
      text: `Hi ${user.name || user.username},\n\nOpen this link to verify your e-mail address:\n${link}`,
    });
  });
}
