import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useIntentKey } from './useIntentKey';

describe('useIntentKey', () => {
  it('keeps one key per request until the server answers, and gives a changed request its own', () => {
    const { result, rerender } = renderHook(({ request }) => useIntentKey(request), { initialProps: { request: { cardId: 'a' } } });
    const first = result.current.key();
    expect(result.current.key()).toBe(first);
    // No answer (the network failed, a 503): the retry is the same request.
    act(() => result.current.answered({ status: 'FETCH_ERROR' }));
    act(() => result.current.answered({ status: 503 }));
    expect(result.current.key()).toBe(first);
    // Declined (an answer): the next try is new, with this card or another.
    act(() => result.current.answered());
    const second = result.current.key();
    expect(second).not.toBe(first);
    rerender({ request: { cardId: 'b' } });
    expect(result.current.key()).not.toBe(second);
    // A refusal is an answer too.
    const third = result.current.key();
    act(() => result.current.answered({ status: 422 }));
    expect(result.current.key()).not.toBe(third);
  });
});
