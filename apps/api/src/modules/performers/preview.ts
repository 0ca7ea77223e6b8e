import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { drawPreviewCard } from '../../platform/preview-card';
import { visibleCreatorWith } from '../access';
import { changeCreatorProfile } from '../users';
import type { PerformerRow } from './repo/profiles';
import { findCreatorForViewer } from './repo/profiles';

/** Raised when the card's drawing changes, so every stored card is drawn again. */
const CARD_DESIGN = 1;

/** What the card shows, hashed: a new name, handle, avatar, cover or site name is a new card (and a new address). */
export function previewVersion(
  row: { user: Pick<PerformerRow['user'], 'name' | 'username' | 'avatarKey' | 'coverKey'> },
  siteName: string,
) {
  const { name, username, avatarKey, coverKey } = row.user;
  return createHash('sha256')
    .update(JSON.stringify([CARD_DESIGN, name, username, avatarKey, coverKey, siteName]))
    .digest('base64url')
    .slice(0, 12);
}

/** The card's address, versioned so that link-preview caches and browsers keep it for good. */
export const previewImageOf = (deps: Pick<Deps, 'settings'>, row: Pick<PerformerRow, 'user'>) =>
  `/api/performers/${row.user.id}/preview.jpg?v=${previewVersion(row, deps.settings.get('siteName'))}`;

/** What a creator's page says to link previews and search engines, beside its card. */
export const sharingOf = (deps: Pick<Deps, 'settings'>, row: Pick<PerformerRow, 'user' | 'profile'>) => ({
  previewImage: previewImageOf(deps, row),
  hiddenFromSearchEngines: row.profile.hiddenFromSearchEngines,
});

/**
 * A creator's cards: their page's, and the one their live session shows while it is on. Each is
 * stored under its own key, with the version drawn kept in its own column of the profile.
 */
const cards = {
  page: { key: (performerId: string) => `previews/creators/${performerId}.jpg`, badge: undefined, stored: 'previewVersion' },
  live: { key: (performerId: string) => `previews/creators/${performerId}-live.jpg`, badge: 'Live now', stored: 'livePreviewVersion' },
} as const;
export type CreatorCard = keyof typeof cards;

/** Where a creator's cards are stored (removed with the account): one key each, redrawn in place. */
export const previewKeysOf = (performerId: string) => Object.values(cards).map((card) => card.key(performerId));

/**
 * A creator's link-preview card (decision 080), for whoever may see their page: drawn once per
 * version into storage, where every process finds it, and redrawn when what it shows changes.
 */
export async function creatorPreview(deps: Deps, usernameOrId: string, viewer: SessionUser | undefined, which: CreatorCard = 'page') {
  const row = visibleCreatorWith(viewer, await findCreatorForViewer(deps.db, usernameOrId, viewer));
  const siteName = deps.settings.get('siteName');
  const version = previewVersion(row, siteName);
  if (row.profile[cards[which].stored] === version) {
    const stored = await deps.storage.read(cards[which].key(row.user.id)).then(buffer, () => undefined);
    if (stored) return { image: stored, version };
  }
  // A link posted somewhere busy is fetched by many bots at once: one drawing per card per process.
  const id = `${row.user.id}:${which}:${version}`;
  let drawing = drawings.get(id);
  if (!drawing) {
    drawing = drawAndStore(deps, row, which, siteName, version).finally(() => drawings.delete(id));
    drawings.set(id, drawing);
  }
  return { image: await drawing, version };
}

/** The drawings under way in this process, by creator, card and version. */
const drawings = new Map<string, Promise<Buffer>>();

async function drawAndStore(deps: Deps, row: Pick<PerformerRow, 'user'>, which: CreatorCard, siteName: string, version: string) {
  const read = (storageKey: string | null) => (storageKey ? deps.storage.read(storageKey).then(buffer, () => undefined) : undefined);
  const [avatar, background] = await Promise.all([read(row.user.avatarKey), read(row.user.coverKey)]);
  const card = cards[which];
  const image = await drawPreviewCard({
    background,
    avatar,
    title: row.user.name,
    subtitle: `@${row.user.username ?? row.user.id}`,
    siteName,
    badge: card.badge,
  });
  await deps.storage.put(card.key(row.user.id), image);
  await changeCreatorProfile(deps.db, row.user.id, { [card.stored]: version });
  return image;
}
