import type { AccountStanding, Role } from '@limelight/contracts';
import { and, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { files } from '../../db/read/media';
import { performerProfiles, users } from '../../db/read/users';
import { standingActions } from '../../db/schema/admin';
import { escapeLike, isUuid, orderBy } from '../../platform/http';
import { standingIs } from '../access';
import { verificationIs } from '../performers';

export type AccountFilters = {
  role: Role;
  q?: string;
  status?: 'active' | 'inactive';
  verified?: boolean;
  standing?: AccountStanding;
  verification?: 'pending' | 'rejected' | 'verified';
  offset: number;
  limit: number;
  sortBy: 'updatedAt' | 'createdAt' | 'username' | 'name';
  sort: 'asc' | 'desc';
};

/** One page of fans or creators with their documents: three queries whatever the page size. */
export async function listAccounts(db: Queryable, filters: AccountFilters) {
  const conditions: Array<SQL | undefined> = [eq(users.role, filters.role)];
  if (filters.status) conditions.push(eq(users.status, filters.status));
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q.toLowerCase())}%`;
    conditions.push(
      or(
        sql`lower(${users.username}) like ${pattern}`,
        sql`lower(${users.email}) like ${pattern}`,
        sql`lower(${users.name}) like ${pattern}`,
      ),
    );
  }
  if (filters.standing) conditions.push(standingIs(filters.standing));
  if (filters.verified !== undefined) conditions.push(eq(performerProfiles.verifiedDocument, filters.verified));
  if (filters.verification) conditions.push(verificationIs(filters.verification));
  const where = and(...conditions);

  const { rows, total } = await pageOf(
    db
      .select({ user: users, profile: performerProfiles })
      .from(users)
      .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
      .where(where)
      .orderBy(
        ...orderBy(
          { updatedAt: users.updatedAt, createdAt: users.createdAt, username: users.username, name: users.name },
          filters.sortBy,
          filters.sort,
          users.id,
        ),
      )
      .$dynamic(),
    filters,
    db
      .select({ total: count() })
      .from(users)
      .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
      .where(where)
      .then(([row]) => row?.total ?? 0),
  );

  const fileIds = rows
    .flatMap(({ profile }) => [profile?.idVerificationFileId, profile?.documentVerificationFileId])
    .filter((id): id is string => !!id);
  const documentRows = fileIds.length
    ? await db.select({ id: files.id, mimeType: files.mimeType }).from(files).where(inArray(files.id, fileIds))
    : [];
  return { rows, documents: new Map(documentRows.map((row) => [row.id, row])), total };
}

export async function findDocument(db: Queryable, fileId: string) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, fileId), eq(files.type, 'document')))
    .limit(1);
  return row;
}

/** An account's id by its id or username (case-insensitive); undefined when there is none. */
export async function findAccountId(db: Queryable, idOrUsername: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(isUuid(idOrUsername) ? eq(users.id, idOrUsername) : sql`lower(${users.username}) = ${idOrUsername.toLowerCase()}`)
    .limit(1);
  return row?.id;
}

/** Usernames (or names, for an account without one) by id, for the console's rows. */
export async function usernamesOf(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.select({ id: users.id, username: users.username, name: users.name }).from(users).where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, row.username ?? row.name]));
}

/** The creator's commission (basis points, null for the site's), to compare a change with. */
export async function commissionOf(tx: Queryable, userId: string) {
  const [row] = await tx
    .select({ bps: performerProfiles.commissionBps })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, userId));
  return row;
}

/** Whether the creator's work waits for review before publication, to compare a change with. */
export async function reviewFlagOf(tx: Queryable, userId: string) {
  const [row] = await tx
    .select({ flagged: performerProfiles.reviewBeforePublication })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, userId));
  return row;
}

/** The account's status, its row locked for the change; none when there is no account. */
export async function lockAccountStatus(tx: Queryable, userId: string) {
  const [row] = await tx.select({ status: users.status }).from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** Whether the creator's documents are verified, their profile locked for the decision; none without a profile. */
export async function lockDocumentsVerified(tx: Queryable, performerId: string) {
  const [row] = await tx
    .select({ verified: performerProfiles.verifiedDocument })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, performerId))
    .for('update');
  return row;
}

/** The address and names an e-mail to the account uses. */
export async function contactOf(tx: Queryable, userId: string) {
  const [row] = await tx.select({ email: users.email, name: users.name, username: users.username }).from(users).where(eq(users.id, userId));
  return row;
}

/** An account that is not an admin's, locked for a standing change; none when there is none. */
export async function lockNonAdminAccount(tx: Queryable, userId: string) {
  const [account] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, userId), ne(users.role, 'admin')))
    .for('update');
  return account;
}

/** Records one standing action in the account's history. */
export const insertStandingAction = (tx: Queryable, values: typeof standingActions.$inferInsert) =>
  tx.insert(standingActions).values(values);

/** The id of an account that is not an admin's; none when there is none. */
export async function findNonAdminAccount(db: Queryable, userId: string) {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), ne(users.role, 'admin')));
  return account;
}

/** The account's standing actions, newest first, each with its admin's username. */
export function standingActionsOf(db: Queryable, userId: string) {
  const admins = users;
  return db
    .select({ action: standingActions, adminName: admins.username })
    .from(standingActions)
    .leftJoin(admins, eq(admins.id, standingActions.adminId))
    .where(eq(standingActions.userId, userId))
    .orderBy(desc(standingActions.createdAt), desc(standingActions.id));
}
