import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../platform/auth';
import { clientCountry } from '../../../platform/client-country';

/**
 * A viewer as a hand-written statement names them (decision 018): bound values for one request
 * (`boundViewer`), or the placeholders of a prepared statement (`viewerPlaceholders`, filled by
 * `viewerParams`), so that one text serves every viewer and PostgreSQL plans it once.
 */
export type ViewerSql = { id: SQL; country: SQL; isAdmin: SQL };

export const viewerPlaceholders: ViewerSql = {
  id: sql`${sql.placeholder('viewerId')}::uuid`,
  country: sql`${sql.placeholder('country')}::text`,
  isAdmin: sql`${sql.placeholder('isAdmin')}::boolean`,
};

/** The values of `viewerPlaceholders` for this viewer in this request (the country is the client's). */
export const viewerParams = (viewer: SessionUser | undefined) => ({
  viewerId: viewer?.id ?? null,
  country: clientCountry() ?? null,
  isAdmin: viewer?.role === 'admin',
});

/** This viewer in this request as bound values, for a statement that is not prepared. */
export function boundViewer(viewer: SessionUser | undefined): ViewerSql {
  const params = viewerParams(viewer);
  return { id: sql`${params.viewerId}::uuid`, country: sql`${params.country}::text`, isAdmin: sql`${params.isAdmin}::boolean` };
}
