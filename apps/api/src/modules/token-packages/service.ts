import { fromCents, type saveTokenPackageSchema, toCents, type tokenPackageSearchQuerySchema } from '@limelight/contracts';
import { and, eq, ilike, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { pageOf } from '../../db/paging';
import { tokenPackages } from '../../db/schema/token-packages';
import type { Deps } from '../../deps';
import { notFound } from '../../platform/errors';
import { escapeLike, orderBy } from '../../platform/http';

type PackageRow = typeof tokenPackages.$inferSelect;
type PackageValues = z.output<typeof saveTokenPackageSchema>;

export const presentPackage = (row: PackageRow) => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  price: fromCents(row.priceCents),
  tokens: fromCents(row.tokensCents),
  ordering: row.ordering,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const sortable = { ordering: tokenPackages.ordering, price: tokenPackages.priceCents, updatedAt: tokenPackages.updatedAt };

/** Fans see the packages on sale; the admin sees all of them. */
export async function searchPackages(deps: Deps, query: z.output<typeof tokenPackageSearchQuerySchema>, activeOnly: boolean) {
  const filters: SQL[] = [];
  if (activeOnly) filters.push(eq(tokenPackages.isActive, true));
  if (query.q) filters.push(ilike(tokenPackages.name, `%${escapeLike(query.q)}%`));
  const where = and(...filters);
  const { rows, total } = await pageOf(
    deps.db
      .select()
      .from(tokenPackages)
      .where(where)
      .orderBy(...orderBy(sortable, query.sortBy, query.sort, tokenPackages.id))
      .$dynamic(),
    query,
    deps.db.$count(tokenPackages, where),
  );
  return { data: rows.map(presentPackage), total };
}

const columnsOf = ({ price, tokens, ...rest }: PackageValues) => ({ ...rest, priceCents: toCents(price), tokensCents: toCents(tokens) });

export async function createPackage(deps: Deps, input: PackageValues) {
  const [row] = await deps.db.insert(tokenPackages).values(columnsOf(input)).returning();
  return presentPackage(row!);
}

export async function updatePackage(deps: Deps, id: string, input: PackageValues) {
  const [row] = await deps.db.update(tokenPackages).set(columnsOf(input)).where(eq(tokenPackages.id, id)).returning();
  if (!row) throw notFound('Token package');
  return presentPackage(row);
}

export async function deletePackage(deps: Deps, id: string) {
  const deleted = await deps.db.delete(tokenPackages).where(eq(tokenPackages.id, id)).returning({ id: tokenPackages.id });
  if (!deleted.length) throw notFound('Token package');
}
