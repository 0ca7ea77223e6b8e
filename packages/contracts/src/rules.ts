// Plain values the schemas are built from and the web app needs on its own (no zod here): a page
// that needs only these imports them from '@limelight/contracts/constants' and so does not load
// every schema (decision 020).

/** Sent on every money-moving request; a retry with the same key gets the first answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Money is kept in cents: an amount finer than a cent is refused, never rounded. */
export const hasTwoDecimalsAtMost = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** One purchase buys at most this many of a physical product. */
export const MAX_ORDER_QUANTITY = 100;

export const reportReasons = ['spam', 'abuse', 'copyright', 'underage', 'illegal', 'other'] as const;

export const performerSearchSorts = ['popular', 'newest', 'online'] as const;

/** How long a deleted account's username stays unavailable to anyone else (decision 047). */
export const HELD_USERNAME_DAYS = 90;
