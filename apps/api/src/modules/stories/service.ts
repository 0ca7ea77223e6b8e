import { type SaveStoryInput, STORY_LIFETIME_HOURS, type Story, type StoryBarItem } from '@limelight/contracts';
import type { stories } from '../../db/schema/stories';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { assertMayReach, assertOwnerMayChange, isPrivileged, may, ownHolds } from '../access';
import { withdrawOwnFromReview } from '../library';
import { deleteFileRecords, findFile, presentMediaFile, storedKeys } from '../media';
import { holdForReview, isReviewedBeforePublication } from '../moderation';
import { publicUsersById } from '../users';
import {
  deleteOwnStory,
  editOwnStory,
  filesOfStories,
  insertStory,
  listedCreatorReaching,
  liveStoriesOf,
  liveStoryAuthor,
  ownStoryId,
  ownStoryRow,
  storiesOfCreatorPage,
  storyBarRows,
  storyUsingFile,
} from './repo';

type StoryRow = typeof stories.$inferSelect;
const fileTypeFor = { photo: 'story-photo', video: 'story-video' } as const;

export async function createStory(deps: Deps, performer: SessionUser, input: Required<SaveStoryInput>) {
  await checkFile(deps, performer, input);
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertStory(tx, {
      ...input,
      performerId: performer.id,
      expiresAt: new Date(Date.now() + STORY_LIFETIME_HOURS * 3_600_000),
    });
    // A reviewed creator's story waits for an admin (decision 054); approval restarts its lifetime.
    if (await isReviewedBeforePublication(tx, deps.settings.get('reviewBeforePublication'), performer.id)) {
      const fileIds = created.fileId ? [created.fileId] : [];
      await holdForReview(tx, { targetType: 'story', targetId: created.id, ownerId: performer.id, fileIds });
    }
    return created;
  });
  return (await presentStories(deps, [row], new Set(), performer))[0]!;
}

/** Edits the words and colour; the media and the expiry stay as posted. */
export async function updateStory(deps: Deps, performer: SessionUser, id: string, input: { text?: string; backgroundColor?: string }) {
  // An update that changes nothing answers the story as it stands, like every update (decision 015).
  const found = await ownStoryId(deps.db, performer.id, id);
  if (!found) throw notFound('Story');
  // Only an admin lifts a moderation hold; a story waiting for review before publication stays editable.
  await assertOwnerMayChange(deps.db, performer, found.id);
  const row = Object.keys(input).length
    ? await editOwnStory(deps.db, performer.id, id, input)
    : await ownStoryRow(deps.db, performer.id, id);
  if (!row) throw notFound('Story');
  return (await presentStories(deps, [row], new Set(), performer))[0]!;
}

export async function deleteStory(deps: Deps, performer: SessionUser, id: string) {
  const file = await deps.db.transaction(async (tx) => {
    const row = await deleteOwnStory(tx, performer.id, id);
    if (!row) throw notFound('Story');
    await withdrawOwnFromReview(tx, performer, { targetType: 'story', targetId: row.id, fileIds: row.fileId ? [row.fileId] : [] });
    const found = await findFile(tx, row.fileId);
    if (found) await deleteFileRecords(tx, [found.id]);
    return found;
  });
  if (file) await Promise.all(storedKeys(file).map((key) => deps.storage.remove(key).catch(() => undefined)));
}

/** The creator's own stories, expired ones too, newest first. */
export async function myStories(deps: Deps, performer: SessionUser, page: { offset: number; limit: number }) {
  const { rows, total } = await storiesOfCreatorPage(deps.db, performer.id, page);
  return { data: await presentStories(deps, rows, new Set(), performer), total };
}

export async function ownStory(deps: Deps, performer: SessionUser, id: string) {
  const row = await ownStoryRow(deps.db, performer.id, id);
  if (!row) throw notFound('Story');
  return (await presentStories(deps, [row], new Set(), performer))[0]!;
}

/** The fan's story bar: followed creators with stories still live, most recent first. */
export async function storyBar(deps: Deps, viewer: SessionUser): Promise<StoryBarItem[]> {
  const rows = await storyBarRows(deps.db, viewer);
  if (!rows.length) return [];
  const authors = await publicUsersById(
    deps.db,
    rows.map((row) => row.performerId),
  );
  return rows.map((row) => ({
    performer: authors.get(row.performerId)!,
    storyCount: row.storyCount,
    latestAt: (row.latestAt as Date).toISOString(),
  }));
}

/** One creator's live stories, oldest first, for their followers and subscribers (and the creator), each with the viewer's like. */
export async function creatorStories(deps: Deps, viewer: SessionUser, performerId: string) {
  await assertMaySeeStoriesOf(deps, viewer, performerId);
  const rows = await liveStoriesOf(deps.db, viewer, performerId);
  return presentStories(
    deps,
    rows.map((row) => row.story),
    new Set(rows.flatMap((row) => (row.isLiked ? [row.story.id] : []))),
    viewer,
  );
}

/**
 * A live story someone means to like: they may see the creator's stories (followers and
 * subscribers, blocks refused). Handed to the reactions module (app.ts).
 */
export async function reachableStory(deps: Deps, viewer: SessionUser, id: string) {
  const story = await liveStoryAuthor(deps.db, viewer, id);
  if (!story) throw notFound('Story');
  await assertMaySeeStoriesOf(deps, viewer, story.performerId);
  return story;
}

async function assertMaySeeStoriesOf(deps: Deps, viewer: SessionUser, performerId: string) {
  if (!isPrivileged(viewer, performerId)) {
    await assertMayReach(deps.db, viewer, performerId);
    const allowed = await listedCreatorReaching(deps.db, viewer, performerId);
    if (!allowed) throw notFound('Stories');
  }
}

async function checkFile(deps: Deps, performer: SessionUser, input: Required<SaveStoryInput>) {
  if (input.type === 'text') return;
  const file = await findFile(deps.db, input.fileId);
  const used = input.fileId ? await storyUsingFile(deps.db, input.fileId) : undefined;
  if (!file || !may(performer, 'story.useFile', file) || file.type !== fileTypeFor[input.type] || used) {
    throw badRequest(`fileId must name your own unused story ${input.type}`, [
      { field: 'fileId', message: `must name your own unused story ${input.type}` },
    ]);
  }
}

/** Stories reach only viewers allowed to see them, so their media links are signed for them. */
async function presentStories(deps: Deps, rows: StoryRow[], liked = new Set<string>(), viewer?: SessionUser): Promise<Story[]> {
  if (!rows.length) return [];
  const fileIds = rows.flatMap((row) => (row.fileId ? [row.fileId] : []));
  const [storyFiles, authors, heldMark] = await Promise.all([
    filesOfStories(deps.db, fileIds),
    publicUsersById(
      deps.db,
      rows.map((row) => row.performerId),
    ),
    ownHolds(deps.db, viewer, rows),
  ]);
  return rows.map((row) => {
    const file = storyFiles.find((item) => item.id === row.fileId);
    return {
      _id: row.id,
      type: row.type,
      text: row.text,
      backgroundColor: row.backgroundColor,
      file: file ? presentMediaFile(file, { signer: deps.mediaSigner, canView: true }) : null,
      performer: authors.get(row.performerId)!,
      likeCount: row.likeCount,
      isLiked: liked.has(row.id),
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      moderation: heldMark(row.id),
    };
  });
}
