import type { tokenPackageSearchQuerySchema } from '@limelight/contracts';
import { and, eq, ilike, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { tokenPackages } from '../../db/schema/token-packages';
import { escapeLike, orderBy } from '../../platform/http';

type PackageColumns = typeof tokenPackages.$inferInsert;

const sortable = { ordering: tokenPackages.ordering, price: tokenPackages.priceCents, updatedAt: tokenPackages.updatedAt };

/** One page of packages whose name matches `q`, only those on sale when `activeOnly`, with the count. */
export function packagesPage(db: Queryable, query: z.output<typeof tokenPackageSearchQuerySchema>, activeOnly: boolean) {
  const filters: SQL[] = [];
  if (activeOnly) filters.push(eq(tokenPackages.isActive, true));
  if (query.q) filters.push(ilike(tokenPackages.name, `%${escapeLike(query.q)}%`));
  const where = and(...filters);
  return pageOf(
    db
      .select()
      .from(tokenPackages)
      .where(where)
      .orderBy(...orderBy(sortable, query.sortBy, query.sort, tokenPackages.id))
      .$dynamic(),
    query,
    db.$count(tokenPackages, where),
  );
}

/** Adds a package, returning its row. */
export async function insertPackage(db: Queryable, columns: PackageColumns) {
  const [row] = await db.insert(tokenPackages).values(columns).returning();
  return row!;
}

/** Changes a package, returning its row (undefined when there is no such package). */
export async function updatePackageRow(db: Queryable, id: string, columns: PackageColumns) {
  const [row] = await db.update(tokenPackages).set(columns).where(eq(tokenPackages.id, id)).returning();
  return row;
}

/** Deletes a package: whether there was one. */
export async function deletePackageRow(db: Queryable, id: string) {
  const deleted = await db.delete(tokenPackages).where(eq(tokenPackages.id, id)).returning({ id: tokenPackages.id });
  return deleted.length > 0;
}
