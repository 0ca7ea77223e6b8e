import { ErrorCode } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { SessionUser } from '../../platform/auth';
import { clientCountry } from '../../platform/client-country';
import { AppError, notFound } from '../../platform/errors';
import { creatorsBlocking, creatorsBlockingCountry, type Refusal } from './repo/refusals';
import { inGoodStanding } from './standing';

/**
 * Who may reach a creator at all (decision 011): the one place blocks are enforced. Every
 * other policy (content, comments, follow, subscribe, pay, and later messages) starts here.
 */

const messages: Record<Refusal, string> = {
  blocked: 'This creator has blocked you',
  country: "This creator's page is not available in your country",
};

/** Admins and the creator themself are never blocked. */
export const isPrivileged = (viewer: { id: string; role?: string } | undefined | null, performerId: string | undefined) =>
  !!viewer && (viewer.role === 'admin' || viewer.id === performerId);

/** Which of these creators refuse this viewer, and why: two small queries for a whole page. */
export async function refusals(db: Queryable, viewer: SessionUser | undefined, performerIds: string[]) {
  const result = new Map<string, Refusal>();
  const ids = [...new Set(performerIds)].filter((id) => !isPrivileged(viewer, id));
  if (!ids.length || viewer?.role === 'admin') return result;
  const country = clientCountry();
  const [blockedBy, countryBlockedBy] = await Promise.all([
    viewer ? creatorsBlocking(db, viewer.id, ids) : [],
    country ? creatorsBlockingCountry(db, country, ids) : [],
  ]);
  for (const row of countryBlockedBy) result.set(row.id, 'country');
  for (const row of blockedBy) result.set(row.id, 'blocked');
  return result;
}

export const refused = (reason: Refusal) => new AppError(403, ErrorCode.blocked, messages[reason]);

/**
 * Throws a 403 naming the reason when this creator blocked the viewer or their country. Seeing
 * a profile or content, commenting, following, subscribing and paying all go through here.
 */
export async function assertMayReach(db: Queryable, viewer: SessionUser | undefined, performerId: string) {
  const reason = (await refusals(db, viewer, [performerId])).get(performerId);
  if (reason) throw refused(reason);
}

type CreatorRow = {
  user: { id: string; status: string } & Parameters<typeof inGoodStanding>[0];
  profile: { verifiedDocument: boolean };
};

/**
 * Whether `viewer` sees this creator's page at all (404 otherwise, as for an unverified creator:
 * a suspended or banned one too, decision 045), and whether they are privileged.
 */
function assertPublicFor(viewer: SessionUser | undefined, row: CreatorRow | undefined): asserts row is CreatorRow {
  const privileged = isPrivileged(viewer, row?.user.id);
  if (!row || (!privileged && !(row.user.status === 'active' && row.profile.verifiedDocument && inGoodStanding(row.user)))) {
    throw notFound('Creator');
  }
}

/**
 * A creator's page for a visitor: only active creators an admin verified are public (404 until
 * then, except to themself and admins), and a creator who refuses the visitor answers 403.
 */
export async function visibleCreator<T extends CreatorRow>(db: Queryable, viewer: SessionUser | undefined, row: T | undefined) {
  assertPublicFor(viewer, row);
  await assertMayReach(db, viewer, row.user.id);
  return row;
}

/** `visibleCreator` for a row read with its `refusalSql` of this viewer: the same rule, no query. */
export function visibleCreatorWith<T extends CreatorRow & { refusal: Refusal | null; held?: boolean }>(
  viewer: SessionUser | undefined,
  row: T | undefined,
) {
  assertPublicFor(viewer, row);
  // A profile hidden by moderation (decision 046) is gone like an unverified one, except to itself and admins.
  if (row.held && !isPrivileged(viewer, row.user.id)) throw notFound('Creator');
  if (row.refusal && !isPrivileged(viewer, row.user.id)) throw refused(row.refusal);
  return row;
}
