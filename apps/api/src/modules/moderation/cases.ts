import type { Queryable } from '../../db/client';
import type { takedownCases } from '../../db/schema/moderation';
import { insertTakedownCase, nextTakedownNumber } from './repo';

const caseNumberOf = (n: number | bigint, at: Date) => `LL-${at.getUTCFullYear()}-${String(n).padStart(6, '0')}`;

/** A takedown notice gets the next case number (`LL-<year>-<six digits>`); answers its row. */
export async function openTakedownCase(tx: Queryable, notice: Omit<typeof takedownCases.$inferInsert, 'caseNumber' | 'id' | 'createdAt'>) {
  const caseNumber = caseNumberOf(await nextTakedownNumber(tx), new Date());
  return insertTakedownCase(tx, { ...notice, caseNumber });
}
