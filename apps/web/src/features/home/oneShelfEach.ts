import type { DiscoveryPerformer } from '@limelight/contracts';

type Shelf = { performers?: DiscoveryPerformer[]; loading: boolean; size: number };

/**
 * Shelves in reading order where each creator shows once, on the first shelf that has them, each
 * cut to its size. A shelf waits (loading) while any shelf above it loads, so that none reflows
 * when the one above arrives and takes some of its creators.
 */
export function oneShelfEach(shelves: Shelf[]): Array<{ performers?: DiscoveryPerformer[]; loading: boolean }> {
  const shown = new Set<string>();
  let above = false;
  return shelves.map(({ performers, loading, size }) => {
    above ||= loading;
    if (above) return { performers: undefined, loading: true };
    const kept = (performers ?? []).filter((performer) => !shown.has(performer._id)).slice(0, size);
    for (const performer of kept) shown.add(performer._id);
    return { performers: kept, loading: false };
  });
}
