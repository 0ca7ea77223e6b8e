import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('waits 1 s after the first failure, doubling to at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((failures) => backoffDelay(failures))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('takes its own first wait and ceiling', () => {
    expect([1, 2, 3, 4].map((failures) => backoffDelay(failures, 2_000, 10_000))).toEqual([2_000, 4_000, 8_000, 10_000]);
  });
});
