import { createHash } from 'node:crypto';
import type { Sellable } from '../../deps';
import { conflict } from '../../platform/errors';
import { assertLiveStreamingOn } from './open';
import { refundedSessionCharges } from './repo/charges';
import { findSession } from './sessions';

/**
 * A paid live session, as the wallet sells it (decision 076): bought once per fan while it is
 * live. Without an Idempotency-Key, retries share one intent, so each gets the first answer and
 * money moves once; the intent counts the fan's refunded charges for the session, so paying again
 * after an admin's refund is a new purchase, not a replay.
 */
export const streamSellable: Sellable = {
  type: 'stream',
  noun: 'live session',
  refundedAs: 'a live session',
  sell: async (deps, _fan, id) => {
    assertLiveStreamingOn(deps);
    const session = await findSession(deps.db, id);
    if (session.status !== 'live') throw conflict('This live session has ended');
    if (session.access !== 'paid') throw conflict('This live session is for subscribers: subscribe to watch it');
    return { performerId: session.performerId, priceCents: session.priceCents, itemId: session.id, once: true };
  },
  intent: async (db, fanId, sessionId) => {
    const key = `stream:${sessionId}:${await refundedSessionCharges(db, fanId, sessionId)}`;
    return { key, fingerprint: createHash('sha256').update(key).digest('hex') };
  },
};

/** A tip sent in a live session's chat (the wallet's tip with a `sessionId`, `tipInSession`), as refunds name it. */
export const streamTipSellable: Sellable = { type: 'stream_tip', noun: 'tip', refundedAs: 'a tip in a live session' };
