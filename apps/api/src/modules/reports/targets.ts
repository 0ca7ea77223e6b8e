import type { ModerationTargetType } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { Deps, ModerationTarget } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import { assertMayReach, assertNotHeldFrom, visibleCreatorWith } from '../access';
import { findCreatorForViewer } from '../performers';
import { findById } from '../users';
import { attachedFileIds, commentById, liveChatLine, memberMessage, messageById, photoById, storyById, streamSessionById } from './repo';

/**
 * Whether the reporter may see what they report, by the same policies the content's own module
 * uses to show it (decision 046). Anything they may not see answers 404, exactly like a missing
 * one: a report never confirms that a draft, another pair's message or a blocking creator's post
 * exists.
 */
type OwnTargetType = Exclude<ModerationTargetType, 'feed' | 'video' | 'gallery' | 'product'>;
type Seen = (deps: Deps, viewer: SessionUser, id: string) => Promise<unknown>;

/** How a reporter's view of a target is checked: by its sellable (a post, a video...), else here. */
const seenBy = (deps: Deps, type: string): Seen | undefined => deps.sellables.get(type)?.reach ?? seen[type as OwnTargetType];

const seen: Record<OwnTargetType, Seen> = {
  photo: async (deps, viewer, id) => {
    const photo = await photoById(deps.db, id);
    if (!photo) throw notFound('Photo');
    await deps.sellables.of('gallery').reach!(deps, viewer, photo.galleryId);
    await assertNotHeldFrom(deps.db, viewer, photo.id, photo.performerId, 'Photo');
  },
  story: async (deps, viewer, id) => {
    const story = await storyById(deps.db, id);
    if (!story) throw notFound('Story');
    await assertNotHeldFrom(deps.db, viewer, story.id, story.performerId, 'Story');
    await assertMayReach(deps.db, viewer, story.performerId);
  },
  comment: async (deps, viewer, id) => {
    const comment = await commentById(deps.db, id);
    if (!comment || comment.deletedAt) throw notFound('Comment');
    await assertNotHeldFrom(deps.db, viewer, comment.id, comment.userId, 'Comment');
    await seenBy(deps, comment.objectType)!(deps, viewer, comment.objectId);
  },
  message: async (deps, viewer, id) => {
    const row = await memberMessage(deps.db, id, viewer.id);
    if (!row) throw notFound('Message');
    await assertNotHeldFrom(deps.db, viewer, row.id, row.senderId, 'Message');
  },
  liveChat: async (deps, viewer, id) => {
    const row = await liveChatLine(deps.db, id);
    if (!row) throw notFound('Chat line');
    await assertNotHeldFrom(deps.db, viewer, row.id, row.senderId, 'Chat line');
    await assertMayReach(deps.db, viewer, row.performerId);
  },
  live: async (deps, viewer, id) => {
    const session = await streamSessionById(deps.db, id);
    if (!session) throw notFound('Live session');
    await assertNotHeldFrom(deps.db, viewer, session.id, session.performerId, 'Live session');
    await assertMayReach(deps.db, viewer, session.performerId);
  },
  performer: async (deps, viewer, id) => visibleCreatorWith(viewer, await findCreatorForViewer(deps.db, id, viewer)),
};

/** Throws 404 (never 403) unless the reporter may see the target. */
export async function assertReportable(deps: Deps, viewer: SessionUser, type: string, id: string) {
  try {
    await seenBy(deps, type)!(deps, viewer, id);
  } catch (error) {
    if (error instanceof AppError && (error.statusCode === 403 || error.statusCode === 404)) throw notFound('What you reported');
    throw error;
  }
}

const fileIdsOf = (...ids: Array<string | null | undefined>) => ids.filter((id): id is string => !!id);

const targetReaders: Record<OwnTargetType, (db: Queryable, id: string) => Promise<ModerationTarget | undefined>> = {
  photo: async (db, id) => {
    const row = await photoById(db, id);
    return row && { ownerId: row.performerId, title: row.title || 'Photo', text: '', fileIds: [row.fileId] };
  },
  story: async (db, id) => {
    const row = await storyById(db, id);
    return row && { ownerId: row.performerId, title: 'Story', text: row.text, fileIds: fileIdsOf(row.fileId) };
  },
  comment: async (db, id) => {
    const row = await commentById(db, id);
    return row && { ownerId: row.userId, title: 'Comment', text: row.content, fileIds: fileIdsOf(row.imageFileId) };
  },
  message: async (db, id) => {
    const row = await messageById(db, id);
    if (!row) return undefined;
    return { ownerId: row.senderId, title: 'Message', text: row.text, fileIds: await attachedFileIds(db, id) };
  },
  liveChat: async (db, id) => {
    const row = await messageById(db, id);
    return row && { ownerId: row.senderId, title: 'Live chat line', text: row.text, fileIds: [] };
  },
  live: async (db, id) => {
    const row = await streamSessionById(db, id);
    return row && { ownerId: row.performerId, title: row.title || 'Live session', text: row.description, fileIds: [] };
  },
  performer: async (db, id) => {
    const row = await findById(db, id);
    return row && { ownerId: row.id, title: row.username ?? 'Creator', text: row.name ?? '', fileIds: [] };
  },
};

/** What moderation reads of a target: from its sellable (a post, a video...), else here. */
export async function readTarget(deps: Pick<Deps, 'sellables'>, db: Queryable, type: string, id: string) {
  const reader = deps.sellables.get(type)?.moderation ?? targetReaders[type as OwnTargetType];
  return reader ? reader(db, id) : undefined;
}
