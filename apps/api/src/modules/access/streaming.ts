import { ErrorCode, formatTokens, fromCents } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { SessionUser } from '../../platform/auth';
import { AppError, conflict, notFound } from '../../platform/errors';
import { isPrivileged, refusals, refused } from './creators';
import { assertNotHeldFrom } from './moderation';
import { assertNoPayRefusal } from './payees';
import { subscribedAmong } from './repo/fans';
import { payRefusalOf } from './repo/payees';
import { boughtBy } from './repo/purchases';
import type { Refusal } from './repo/refusals';
import { listedCreatorsAmong } from './repo/standing';

/**
 * Who may watch a live session (decision 023): the creator and admins always; nobody the creator
 * refuses (blocked, or from a blocked country), nor anyone while the creator is not public
 * (unlisted or inactive); for a subscribers' session, a fan with a subscription that still opens
 * the creator's content; for a paid session, a fan who paid this session (a `stream` purchase,
 * bought once per session).
 */
export type WatchedSession = { id: string; performerId: string; access: 'subscribers' | 'paid'; priceCents: number };
export type WatchFacts = { refusal: Refusal | undefined; public: boolean; isSubscribed: boolean; isBought: boolean };
export type Watch = { canWatch: boolean; isSubscribed: boolean; isBought: boolean };

export function watchFrom(viewer: SessionUser | undefined, session: WatchedSession, facts: WatchFacts): Watch {
  const { isSubscribed, isBought } = facts;
  if (isPrivileged(viewer, session.performerId)) return { canWatch: true, isSubscribed, isBought };
  const open = session.access === 'paid' ? isBought : isSubscribed;
  return { canWatch: !!viewer && facts.public && !facts.refusal && open, isSubscribed, isBought };
}

/** The facts of `watchFrom` for a page of sessions: four small queries whatever its size. */
export async function watchFacts(db: Queryable, viewer: SessionUser | undefined, sessions: WatchedSession[]) {
  const result = new Map<string, WatchFacts>();
  if (!sessions.length) return result;
  const performerIds = [...new Set(sessions.map((session) => session.performerId))];
  const [refusedBy, publicRows, subscribed, bought] = await Promise.all([
    refusals(db, viewer, performerIds),
    listedCreatorsAmong(db, performerIds),
    viewer ? subscribedAmong(db, viewer.id, performerIds) : [],
    viewer
      ? boughtBy(
          db,
          viewer.id,
          'stream',
          sessions.map((session) => session.id),
        )
      : [],
  ]);
  const publicIds = new Set(publicRows.map((row) => row.id));
  const subscribedTo = new Set(subscribed.map((row) => row.performerId));
  const boughtIds = new Set(bought.map((row) => row.itemId));
  for (const session of sessions) {
    result.set(session.id, {
      refusal: refusedBy.get(session.performerId),
      public: publicIds.has(session.performerId),
      isSubscribed: subscribedTo.has(session.performerId),
      isBought: boughtIds.has(session.id),
    });
  }
  return result;
}

export async function watchOf(db: Queryable, viewer: SessionUser | undefined, session: WatchedSession) {
  const facts = (await watchFacts(db, viewer, [session])).get(session.id)!;
  return { ...watchFrom(viewer, session, facts), facts };
}

/**
 * Throws, naming what is missing, unless `viewer` may watch: 404 while the creator is not public,
 * 403 `BLOCKED` for a refused viewer, 403 `SUBSCRIPTION_REQUIRED`, or 402 `PAYMENT_REQUIRED` with
 * the price. Answers the facts it read.
 */
export async function assertMayWatch(db: Queryable, viewer: SessionUser | undefined, session: WatchedSession) {
  // A session hidden by moderation is gone, with its chat, for all but its creator and admins (decision 046).
  await assertNotHeldFrom(db, viewer, session.id, session.performerId, 'Live session');
  const watch = await watchOf(db, viewer, session);
  if (watch.canWatch) return watch;
  if (!watch.facts.public) throw notFound('Live session');
  if (watch.facts.refusal) throw refused(watch.facts.refusal);
  if (session.access === 'paid') {
    throw new AppError(
      402,
      ErrorCode.paymentRequired,
      `This live session costs ${formatTokens(fromCents(session.priceCents))}: pay to watch it`,
    );
  }
  throw new AppError(403, ErrorCode.subscriptionRequired, 'Subscribe to this creator to watch their live sessions');
}

/** A private show as its call's policy reads it. */
export type CalledShow = { userId: string; performerId: string; status: string };

/**
 * Who may take part in a private show's call (decision 025): its two people only (404 for anyone
 * else, as for its request), only while accepted or live (409), and only while the fan may still
 * pay the creator: a creator who blocks the fan, or stops being payable, ends the calling (403/404).
 */
export async function assertMayCall(db: Queryable, callerId: string, show: CalledShow) {
  if (callerId !== show.userId && callerId !== show.performerId) throw notFound('Private show');
  if (show.status !== 'accepted' && show.status !== 'live') throw conflict(`This private show is ${show.status}`);
  const refusal = await payRefusalOf(db, show.userId, show.performerId);
  if (refusal === 'blocked' && callerId === show.performerId) throw new AppError(403, ErrorCode.blocked, 'You have blocked this fan');
  assertNoPayRefusal(refusal);
}
