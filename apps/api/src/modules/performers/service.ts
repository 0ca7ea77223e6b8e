import type { PerformerProfile } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { isPrivileged, visibleCreatorWith } from '../access';
import { presentMediaFile } from '../media';
import { toPublicPerformer } from './present';
import { sharingOf } from './preview';
import { findCreatorForViewer, type LinkTable, linkedPerformersPage, type PerformerRow, viewerFlags } from './repo/profiles';

/**
 * A creator's public page, by username or id. Only active creators an admin has verified are
 * public; a creator sees their own page (and an admin any page) before that. A creator who
 * blocked the visitor or their country answers 403.
 */
export async function publicProfile(deps: Deps, usernameOrId: string, viewer?: SessionUser): Promise<PerformerProfile> {
  const row = visibleCreatorWith(viewer, await findCreatorForViewer(deps.db, usernameOrId, viewer, true));
  const video = row.welcomeVideo;
  // Visitors see the welcome video once it plays; its owner also sees it processing or failed.
  const welcomeVideo = video && (isPrivileged(viewer, row.user.id) || video.status === 'finished') ? presentMediaFile(video) : null;
  // Asked for with counts, the statement always answers them.
  return { ...toPublicPerformer(row, row.flags), ...sharingOf(deps, row), welcomeVideo, counts: row.counts! };
}

export const isListed = (row: PerformerRow) => row.user.status === 'active' && row.profile.verifiedDocument;

/**
 * One page of listed creators reached through a link table (follows, bookmarks), newest link
 * first, with the total and the viewer's flags: three queries whatever the page size.
 */
export async function pageOfLinkedPerformers(db: Queryable, link: LinkTable, page: { offset: number; limit: number }, viewer: SessionUser) {
  const { rows, total } = await linkedPerformersPage(db, link, page, viewer);
  const flags = await viewerFlags(
    db,
    viewer.id,
    rows.map((row) => row.user.id),
  );
  return {
    rows: rows.map((row) => ({
      _id: row.id as string,
      performer: toPublicPerformer(row, flags),
      createdAt: (row.createdAt as Date).toISOString(),
    })),
    total,
  };
}
