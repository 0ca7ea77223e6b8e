import type { Queryable } from '../../db/client';
import type { PurchasableType } from '../../db/read/money';
import type { CommentedItem, Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { assertMayReach, isPrivileged, refusals } from './creators';
import { assertBuyersKeep, assertNotHeldFrom } from './moderation';
import { subscribedAmong } from './repo/fans';
import { boughtBy, hasBuyers } from './repo/purchases';
import type { Refusal } from './repo/refusals';

/** Anything a creator may sell or keep for subscribers. */
export type Gated = { id: string; performerId: string; isSale: boolean; priceCents: number };
export type Access = { canView: boolean; isSubscribed: boolean; isBought: boolean };

/**
 * Who may see which items (domain rules: Access to content), for a whole page at once in four
 * small queries: the owner and admins always; nobody a creator refuses (blocked, or from a
 * blocked country), subscribed or not; a subscriber what is not for sale; a buyer what they
 * bought; anyone what is for sale at price 0.
 */
export async function accessTo(db: Queryable, viewer: SessionUser | undefined, itemType: PurchasableType, items: Gated[]) {
  const result = new Map<string, Access>();
  if (!items.length) return result;
  const performerIds = [...new Set(items.map((item) => item.performerId))];
  const [refused, [subscribed, bought]] = await Promise.all([
    refusals(db, viewer, performerIds),
    viewer
      ? Promise.all([
          subscribedAmong(db, viewer.id, performerIds),
          boughtBy(
            db,
            viewer.id,
            itemType,
            items.map((item) => item.id),
          ),
        ])
      : [[], []],
  ]);
  const subscribedTo = new Set(subscribed.map((row) => row.performerId));
  const boughtIds = new Set(bought.map((row) => row.itemId));
  for (const item of items) {
    const facts = {
      refused: refused.has(item.performerId),
      isSubscribed: subscribedTo.has(item.performerId),
      isBought: boughtIds.has(item.id),
    };
    result.set(item.id, accessFrom(viewer, item, facts));
  }
  return result;
}

/** The facts `accessFactsSql` reads for one item, as its columns. */
export type AccessFacts = { refusal: Refusal | null; is_subscribed: boolean; is_bought: boolean };

export const accessFromFacts = (viewer: SessionUser | undefined, item: Gated, facts: AccessFacts) =>
  accessFrom(viewer, item, { refused: facts.refusal !== null, isSubscribed: facts.is_subscribed, isBought: facts.is_bought });

/**
 * The rule itself, from facts known about one viewer and item: `accessTo` reads them for a page;
 * a caller that knows them already (a message just sent: nobody has bought it) asks here.
 */
export function accessFrom(
  viewer: SessionUser | undefined,
  item: Gated,
  facts: { refused: boolean; isSubscribed: boolean; isBought: boolean },
): Access {
  const privileged = isPrivileged(viewer, item.performerId);
  const { refused, isSubscribed, isBought } = facts;
  const canView = privileged || (!refused && (item.isSale ? isBought || item.priceCents === 0 : isSubscribed));
  return { canView, isSubscribed, isBought };
}

/** Whether this viewer may see one item in full. */
export async function canViewOne(db: Queryable, viewer: SessionUser | undefined, itemType: PurchasableType, item: Gated) {
  return (await accessTo(db, viewer, itemType, [item])).get(item.id)!.canView;
}

/** An item as `visibleTo` and `openTo` look it up: its row, and whether fans may see it now. */
type Found<T> = { row: T; shown: boolean } | undefined;
type Deletable = { id: string; performerId: string; deletedAt: Date | null };

/**
 * An item a viewer asked for by id, found with `shown` (whether fans may see it now) in the same
 * query: its owner and admins see it in any state, anyone else only when shown; else 404. A
 * creator who refuses the viewer answers 403 for all their items. An item its creator deleted
 * is gone for everyone here: it cannot be bought, liked or edited any more.
 */
export async function visibleTo<T extends Deletable>(db: Queryable, found: Found<T>, viewer: SessionUser | undefined, what: string) {
  const privileged = isPrivileged(viewer, found?.row.performerId);
  if (!found || found.row.deletedAt || (!privileged && !found.shown)) throw notFound(what);
  await assertNotHeldFrom(db, viewer, found.row.id, found.row.performerId, what);
  await assertMayReach(db, viewer, found.row.performerId);
  return found.row;
}

/**
 * An item's own page (and its files): as `visibleTo`, except that one its creator deleted after
 * selling it still opens to its buyers (domain rules: what a fan bought stays theirs). To anyone
 * else, its creator and admins included, it no longer exists.
 */
export async function openTo<T extends Deletable>(
  db: Queryable,
  found: Found<T>,
  viewer: SessionUser | undefined,
  what: string,
  itemType: PurchasableType,
) {
  if (!found?.row.deletedAt) return visibleTo(db, found, viewer, what);
  if (!viewer || !(await hasBuyers(db, itemType, found.row.id, viewer.id))) throw notFound(what);
  // A removal keeps what buyers paid for unless it was illegal (decision 046).
  await assertBuyersKeep(db, viewer, found.row.id, found.row.performerId, what);
  await assertMayReach(db, viewer, found.row.performerId);
  return found.row;
}

/**
 * How comments find an item sold or kept for subscribers (a `Sellable`'s `comments.find`): as its
 * page finds it (404 when hidden), whether the viewer may see it, and whether its creator deleted
 * it after a sale (kept for its buyers, who still read its comments).
 */
export const commentedItem =
  <Item extends Gated & { deletedAt: Date | null }>(
    itemType: PurchasableType,
    find: (deps: Deps, viewer: SessionUser | undefined, id: string) => Promise<Item>,
  ) =>
  async (deps: Deps, viewer: SessionUser | undefined, id: string): Promise<CommentedItem> => {
    const item = await find(deps, viewer, id);
    return { ownerId: item.performerId, canView: await canViewOne(deps.db, viewer, itemType, item), isKept: !!item.deletedAt };
  };
