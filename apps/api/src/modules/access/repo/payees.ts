import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { countryBlocks, userBlocks } from '../../../db/read/blocks';
import { performerProfiles } from '../../../db/read/users';
import type { Refusal } from './refusals';
import { listedNow } from './standing';

export type PayRefusal = Refusal | 'unpayable';

/** Whether the creator may be paid now: listed (active, verified, kept by triggers) and not suspended. */
export async function isPayable(db: Queryable, performerId: string) {
  const [row] = await db.select({ listed: listedNow() }).from(performerProfiles).where(eq(performerProfiles.userId, performerId));
  return row?.listed === true;
}

/**
 * `assertMayBePaid` as one SQL expression, for a payment that reads its parties in one statement
 * (a wallet charge): why the payer (not an admin) may not pay the creator, or null. The same
 * order as `assertMayBePaid`: blocked, then country, then not payable.
 */
export const payRefusalSql = (payerId: SQLWrapper, performerId: SQLWrapper, country: SQLWrapper) => sql<PayRefusal | null>`(case
  when exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${performerId}::uuid and ${userBlocks.targetId} = ${payerId}::uuid)
    then 'blocked'
  when exists (select 1 from ${countryBlocks}
    where ${countryBlocks.performerId} = ${performerId}::uuid and ${countryBlocks.countryCode} = ${country}::text) then 'country'
  when not coalesce((select ${listedNow()} from ${performerProfiles} where ${performerProfiles.userId} = ${performerId}::uuid), false)
    then 'unpayable'
end)`;

/** Why this fan may not pay this creator now (`payRefusalSql`'s rule: blocked, not payable), or null. */
export async function payRefusalOf(db: Queryable, fanId: string, performerId: string) {
  // No request here (a socket event, a job): country blocks were applied when the fan asked for the show.
  const { rows } = (await db.execute(
    sql`select ${payRefusalSql(sql`${fanId}`, sql`${performerId}`, sql`null`)} as refusal`,
  )) as unknown as {
    rows: Array<{ refusal: PayRefusal | null }>;
  };
  return rows[0]!.refusal;
}
