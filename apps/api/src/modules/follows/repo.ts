import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { type Page, pageOf } from '../../db/paging';
import { users } from '../../db/read/users';
import { follows } from '../../db/schema/follows';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';
import type { SessionUser } from '../../platform/auth';
import { pageOfLinkedPerformers } from '../performers';

/** Makes the fan follow the creator; answers the new follow, or nothing when they followed already. */
export const insertFollow = (tx: Queryable, followerId: string, performerId: string) =>
  tx.insert(follows).values({ followerId, performerId }).onConflictDoNothing().returning({ id: follows.id });

/** Deletes the follows between two accounts, either way; answers the creator of each one deleted. */
export const deleteFollowsBetween = (tx: Queryable, one: string, other: string) =>
  tx
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, one), eq(follows.performerId, other)),
        and(eq(follows.followerId, other), eq(follows.performerId, one)),
      ),
    )
    .returning({ performerId: follows.performerId });

/** Deletes the fan's follow of the creator; answers it, or nothing when there was none. */
export const deleteFollow = (tx: Queryable, followerId: string, performerId: string) =>
  tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.performerId, performerId)))
    .returning({ id: follows.id });

/** A creator's followers with their accounts, newest first, and how many there are. */
export async function followersPage(db: Queryable, performerId: string, page: Page) {
  const mine = eq(follows.performerId, performerId);
  return pageOf(
    db
      .select({ id: follows.id, createdAt: follows.createdAt, user: users })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(mine)
      .orderBy(desc(follows.createdAt), desc(follows.id))
      .$dynamic(),
    page,
    db.$count(follows, mine),
  );
}

/** The creators the viewer follows and may still see, newest first, and how many there are. */
export const followedCreatorsPage = (db: Queryable, viewer: SessionUser, page: Page) =>
  pageOfLinkedPerformers(
    db,
    {
      table: follows,
      id: follows.id,
      performerId: follows.performerId,
      createdAt: follows.createdAt,
      where: eq(follows.followerId, viewer.id),
    },
    page,
    viewer,
  );

/** Follows for the admin's console: the follower (owner) and the creator (other) (decision 052). */
export const adminFollowRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: follows,
      select: {
        id: follows.id,
        title: sql`'follows'`,
        status: nullValue,
        ownerId: follows.followerId,
        otherId: follows.performerId,
        amountCents: nullValue,
        count: nullValue,
        parentId: nullValue,
        parentType: nullValue,
        createdAt: follows.createdAt,
        updatedAt: nullValue,
      },
      id: follows.id,
      createdAt: follows.createdAt,
      users: [follows.followerId, follows.performerId],
      text: [],
    },
    filters,
  );
