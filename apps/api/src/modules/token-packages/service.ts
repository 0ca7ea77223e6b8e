import { fromCents, type saveTokenPackageSchema, toCents, type tokenPackageSearchQuerySchema } from '@limelight/contracts';
import type { z } from 'zod';
import type { tokenPackages } from '../../db/schema/token-packages';
import type { Deps } from '../../deps';
import { notFound } from '../../platform/errors';
import { deletePackageRow, insertPackage, packagesPage, updatePackageRow } from './repo';

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

/** Fans see the packages on sale; the admin sees all of them. */
export async function searchPackages(deps: Deps, query: z.output<typeof tokenPackageSearchQuerySchema>, activeOnly: boolean) {
  const { rows, total } = await packagesPage(deps.db, query, activeOnly);
  return { data: rows.map(presentPackage), total };
}

const columnsOf = ({ price, tokens, ...rest }: PackageValues) => ({ ...rest, priceCents: toCents(price), tokensCents: toCents(tokens) });

export async function createPackage(deps: Deps, input: PackageValues) {
  return presentPackage(await insertPackage(deps.db, columnsOf(input)));
}

export async function updatePackage(deps: Deps, id: string, input: PackageValues) {
  const row = await updatePackageRow(deps.db, id, columnsOf(input));
  if (!row) throw notFound('Token package');
  return presentPackage(row);
}

export async function deletePackage(deps: Deps, id: string) {
  if (!(await deletePackageRow(deps.db, id))) throw notFound('Token package');
}
