import type { PerformerProfile } from '@limelight/contracts';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { findFile, presentMediaFile } from '../media';
import { findPerformer, toPublicPerformer, viewerFlags } from './repo';

/**
 * A creator's public page, by username or id. Only active creators an admin has verified are
 * public; a creator sees their own page (and an admin any page) before that.
 */
export async function publicProfile(deps: Deps, usernameOrId: string, viewer?: SessionUser): Promise<PerformerProfile> {
  const row = await findPerformer(deps.db, usernameOrId);
  const privileged = !!viewer && (viewer.role === 'admin' || viewer.id === row?.user.id);
  if (!row || (!privileged && !isListed(row))) throw notFound('Creator');
  const [flags, video] = await Promise.all([
    viewerFlags(deps.db, viewer?.id, [row.user.id]),
    findFile(deps.db, row.profile.welcomeVideoFileId),
  ]);
  // Visitors see the welcome video once it plays; its owner also sees it processing or failed.
  const welcomeVideo = video && (privileged || video.status === 'finished') ? presentMediaFile(video) : null;
  return { ...toPublicPerformer(row, flags), welcomeVideo };
}

export const isListed = (row: NonNullable<Awaited<ReturnType<typeof findPerformer>>>) =>
  row.user.status === 'active' && row.profile.verifiedDocument;
