import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { performerProfiles } from '../../../db/read/users';
import { earnings } from '../../../db/schema/money';
import { BPS, HALF_UP } from '../rates';

/**
 * `shareOf` as a SQL expression over the statement's own values (a sale paid in one statement
 * reads the creator's rate where it splits). In bigint arithmetic, whose division truncates:
 * the floor, for the amounts and rates here, which are never negative. `split.test.ts` runs both
 * over the edge amounts and rates.
 */
export const shareOfSql = (amountCents: SQL, bps: SQL) =>
  sql`((${amountCents})::bigint * (${bps}) + ${sql.raw(String(HALF_UP))}) / ${sql.raw(String(BPS))}`;

/**
 * How a sale splits, as a query answering `bps` and `commission`: the platform keeps its
 * commission (the creator's own rate when an admin set one, else the site's), rounded as
 * `shareOf`, and the creator earns the rest. The one definition of a sale's split: the wallet
 * payment statement (decision 017) embeds it, so its one round trip stays one, and `splitSale`
 * runs it for every other sale.
 */
export const saleSplitSql = (params: { performerId: SQL; grossCents: SQL; siteBps: SQL }) => sql`
  select rate.bps, ${shareOfSql(params.grossCents, sql`rate.bps`)} as commission
  from (select coalesce(
    (select commission_bps from ${performerProfiles} where user_id = ${params.performerId}), ${params.siteBps}) as bps) rate`;

/** The rate and the commission of a sale (`saleSplitSql`), read inside `tx`. */
export async function saleSplitOf(tx: Queryable, performerId: string, grossCents: number, siteBps: number) {
  const { rows } = (await tx.execute(
    saleSplitSql({
      performerId: sql`${performerId}::uuid`,
      grossCents: sql`${grossCents}::bigint`,
      siteBps: sql`${siteBps}::int`,
    }),
  )) as unknown as { rows: Array<{ bps: number; commission: unknown }> };
  // The driver may answer a bigint as a string; a share never exceeds its gross, a safe integer.
  return { bps: rows[0]!.bps, commissionCents: Number(rows[0]!.commission) };
}

/** Records a sale (or, negative, its refund) in the creator's earnings. */
export const insertEarning = (tx: Queryable, values: typeof earnings.$inferInsert) => tx.insert(earnings).values(values);

/** The earning its seller recorded for this sale (`source`), not its refund. */
export async function saleEarningOf(tx: Queryable, source: { sourceType: string; sourceId: string }) {
  const [sale] = await tx
    .select()
    .from(earnings)
    .where(and(eq(earnings.sourceType, source.sourceType), eq(earnings.sourceId, source.sourceId), eq(earnings.isRefund, false)));
  return sale;
}
