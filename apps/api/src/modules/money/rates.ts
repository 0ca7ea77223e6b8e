import { BASIS_POINTS, isWholeBasisPoints } from '@limelight/contracts';

/**
 * Rates are integer basis points: 10,000 is the whole, 1000 is 10 %. The database keeps them so;
 * the API's JSON and the site's settings speak fractions (0.1) and are converted here, at the edge.
 */
export const BPS = BASIS_POINTS;
/** Added before the division so that half a cent and above rounds up. */
export const HALF_UP = BPS / 2;

/** A fraction (0.1) as basis points; undefined when it is not a whole number of them, so callers refuse it. */
export const toBps = (rate: number): number | undefined => (isWholeBasisPoints(rate) ? Math.round(rate * BPS) : undefined);

export const fromBps = (bps: number) => bps / BPS;

/**
 * The share of an amount a rate takes, in whole cents, in integer arithmetic: rounded half up
 * (0.5 cent and above to the next cent). The one rounding of every commission and discount;
 * `shareOfSql` (repo/sales.ts) is the same for a statement that splits inside the database.
 */
export const shareOf = (amountCents: number, bps: number) => Math.floor((amountCents * bps + HALF_UP) / BPS);
