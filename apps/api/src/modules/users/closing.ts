import { HELD_USERNAME_DAYS } from '@limelight/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { heldUsernames, performerProfiles, users } from '../../db/schema/users';
import type { UserRow } from './repo';

/**
 * An account its owner deleted (decision 047): the row stays, because money records (ledger
 * accounts, earnings, orders, payout requests) point at it, but nothing of the person is left on
 * it. Its username is held for HELD_USERNAME_DAYS so nobody can pass for them straight away.
 */
export async function anonymiseAccount(tx: Queryable, user: Pick<UserRow, 'id' | 'username'>) {
  if (user.username) {
    await tx
      .insert(heldUsernames)
      .values({ username: user.username.toLowerCase(), heldUntil: sql`now() + make_interval(days => ${HELD_USERNAME_DAYS})` })
      .onConflictDoUpdate({
        target: heldUsernames.username,
        set: { heldUntil: sql`now() + make_interval(days => ${HELD_USERNAME_DAYS})` },
      });
  }
  await tx
    .update(users)
    .set({
      status: 'deleted',
      deletedAt: new Date(),
      name: 'Deleted account',
      username: `deleted-${user.id.slice(0, 8)}${user.id.slice(-4)}`,
      email: null,
      passwordHash: null,
      verifiedEmail: false,
      avatarKey: null,
      coverKey: null,
      avatarFileId: null,
      coverFileId: null,
      isOnline: false,
    })
    .where(eq(users.id, user.id));
  await tx
    .update(performerProfiles)
    .set({ bio: '', city: null, state: null, address: null, zipcode: null, dateOfBirth: null })
    .where(eq(performerProfiles.userId, user.id));
}
