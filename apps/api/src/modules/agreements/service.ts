import { type AgreementDocument, legalPageSlugs, type PendingAgreement } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import { isAdmin, type Viewer } from '../access';
import { legalPages } from '../posts';
import { acceptedVersions, agreementsOf, insertAgreements } from './repo';

/** Where an acceptance came from, kept beside it. */
export type AgreementMeta = { ip?: string; userAgent?: string };

/** The age confirmation has one wording; its version changes only if that wording does. */
const AGE_CONFIRMATION = { document: 'age', version: 1, title: 'I am 18 or older', slug: null } as const;

/**
 * What accepting means now (decision 050): the age confirmation and the current version of the
 * Terms and the Privacy policy pages. A page the admin has not published counts as version 0, so
 * publishing it for the first time asks everyone.
 */
export async function currentAgreements(db: Queryable): Promise<PendingAgreement[]> {
  const pages = await legalPages(db);
  const page = (document: 'terms' | 'privacy', fallback: string): PendingAgreement => {
    const found = pages.find((row) => row.slug === legalPageSlugs[document]);
    return { document, version: found?.version ?? 0, title: found?.title ?? fallback, slug: found ? found.slug : null };
  };
  return [AGE_CONFIRMATION, page('terms', 'Terms'), page('privacy', 'Privacy policy')];
}

/** Records the current versions as accepted by the account (those already recorded stay as they were). */
export async function recordAgreements(tx: Queryable, userId: string, meta: AgreementMeta = {}) {
  const current = await currentAgreements(tx);
  await insertAgreements(
    tx,
    current.map(({ document, version }) => ({
      userId,
      document,
      version,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    })),
  );
}

/**
 * What the account has yet to accept in its current version. Admins run the site under the
 * operator's own terms and are never asked.
 */
export async function pendingAgreements(db: Queryable, user: NonNullable<Viewer>): Promise<PendingAgreement[]> {
  if (isAdmin(user)) return [];
  const [current, accepted] = await Promise.all([currentAgreements(db), acceptedVersions(db, user.id)]);
  const has = (document: AgreementDocument, version: number) =>
    accepted.some((row) => row.document === document && row.version === version);
  return current.filter((item) => !has(item.document, item.version));
}

/** The account's own record: every version it accepted, oldest first. */
export async function acceptedAgreements(db: Queryable, userId: string) {
  const rows = await agreementsOf(db, userId);
  return rows.map((row) => ({ document: row.document, version: row.version, acceptedAt: row.acceptedAt.toISOString() }));
}
