import type { walletChargeQuerySchema } from '@limelight/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { rowFromJson } from '../../db/json-row';
import { pageOf } from '../../db/paging';
import { preparedStatement } from '../../db/prepared';
import { walletCharges } from '../../db/read/money';
import { users } from '../../db/read/users';
import { orderBy } from '../../platform/http';
import { type PayRefusal, payRefusalSql } from '../access';

/**
 * Whether the fan may pay the creator (`assertMayBePaid`'s rule) and both as the charge shows
 * them, in one statement: a charge's reads before its payment statement.
 */
const partiesStatement = preparedStatement<{ refusal: PayRefusal | null; people: Array<Record<string, unknown>> | null }>(
  'wallet_charge_parties',
  sql`select ${payRefusalSql(sql.placeholder('fanId'), sql.placeholder('performerId'), sql.placeholder('country'))} as refusal,
    (select json_agg(u) from ${users} u where u.id in (${sql.placeholder('fanId')}::uuid, ${sql.placeholder('performerId')}::uuid)) as people`,
);

/** Why the fan may not pay the creator (null when they may), and both users' rows, in one statement. */
export async function chargeParties(db: Queryable, parties: { fanId: string; performerId: string; country: string | null }) {
  const [row] = await partiesStatement(db, parties);
  return { refusal: row!.refusal, people: (row!.people ?? []).map((json) => rowFromJson(users, json)) };
}

/** Whose charges a list shows: a fan's, a creator's, or (for an admin) everyone's. */
export type ChargeScope = { userId: string } | { performerId: string } | 'all';

const chargeSortColumns = { createdAt: walletCharges.createdAt, price: walletCharges.grossCents };

/** One page of the charges in `scope` of the type and status asked for, with the count. */
export function chargesPage(db: Queryable, scope: ChargeScope, query: z.output<typeof walletChargeQuerySchema>) {
  const conditions: SQL[] = [];
  if (scope !== 'all') {
    conditions.push('performerId' in scope ? eq(walletCharges.performerId, scope.performerId) : eq(walletCharges.userId, scope.userId));
  }
  if (query.type) conditions.push(eq(walletCharges.type, query.type));
  if (query.status) conditions.push(eq(walletCharges.status, query.status));
  const where = and(...conditions);
  return pageOf(
    db
      .select()
      .from(walletCharges)
      .where(where)
      .orderBy(...orderBy(chargeSortColumns, query.sortBy, query.sort, walletCharges.id))
      .$dynamic(),
    query,
    db.$count(walletCharges, where),
  );
}

/** A wallet charge's type (undefined when there is no such charge). */
export async function chargeTypeOf(db: Queryable, id: string) {
  const [found] = await db.select({ type: walletCharges.type }).from(walletCharges).where(eq(walletCharges.id, id));
  return found?.type;
}

/** A wallet charge's status (undefined when there is no such charge). */
export async function chargeStatusOf(db: Queryable, id: string) {
  const [charge] = await db.select({ status: walletCharges.status }).from(walletCharges).where(eq(walletCharges.id, id));
  return charge?.status;
}
