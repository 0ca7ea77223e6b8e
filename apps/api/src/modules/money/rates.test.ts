import { describe, expect, it } from 'vitest';
import { fromBps, shareOf, toBps } from './rates';

describe('basis points', () => {
  it('converts the fractions the API speaks exactly, and refuses what is finer than a basis point', () => {
    expect([0.1, 0.2, 0.15, 0.0001, 0.9999, 1].map(toBps)).toEqual([1000, 2000, 1500, 1, 9999, 10_000]);
    expect(toBps(0.12345)).toBeUndefined();
    expect(fromBps(1500)).toBe(0.15);
  });

  it('rounds a share half up to whole cents, in integer arithmetic', () => {
    expect(shareOf(1000, 1000)).toBe(100);
    expect(shareOf(5, 1000)).toBe(1); // 0.5 cent rounds up
    expect(shareOf(4, 1000)).toBe(0); // 0.4 cent rounds down
    expect(shareOf(999, 1500)).toBe(150); // 149.85
    expect(shareOf(900_719_925_474, 9999)).toBe(900_629_853_481); // large amounts stay exact
  });
});
