import type { DiscoveryPerformer } from '@limelight/contracts';
import { describe, expect, it } from 'vitest';
import { oneShelfEach } from './oneShelfEach';

const creators = (...ids: string[]) => ids.map((_id) => ({ _id }) as DiscoveryPerformer);
const ids = (shelf: { performers?: DiscoveryPerformer[] }) => shelf.performers?.map((performer) => performer._id);

describe('oneShelfEach', () => {
  it('shows each creator on the first shelf that has them, each shelf cut to its size', () => {
    const shelves = oneShelfEach([
      { performers: creators('a', 'b'), loading: false, size: 2 },
      { performers: creators('b', 'c', 'a', 'd', 'e'), loading: false, size: 2 },
      { performers: undefined, loading: false, size: 2 },
      { performers: creators('a', 'e', 'f'), loading: false, size: 2 },
    ]);
    expect(shelves.map(ids)).toEqual([['a', 'b'], ['c', 'd'], [], ['e', 'f']]);
  });

  it('keeps a shelf loading while one above it loads', () => {
    const shelves = oneShelfEach([
      { performers: creators('a'), loading: false, size: 2 },
      { performers: undefined, loading: true, size: 2 },
      { performers: creators('b'), loading: false, size: 2 },
    ]);
    expect(shelves.map((shelf) => shelf.loading)).toEqual([false, true, true]);
  });
});
