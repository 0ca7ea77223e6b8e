/**
 * How long to wait before trying again after `failures` failures in a row: 1 s, doubling, at most
 * 30 s. A server that is down is not asked every second for ever, and one that comes back is
 * found again within half a minute.
 */
export function backoffDelay(failures: number, firstMs = 1_000, maxMs = 30_000): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));
}
