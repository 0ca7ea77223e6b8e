import { describe, expect, it } from 'vitest';
import { followed, followSlice, followStatesLoaded, unfollowed } from './follow';
import { sessionEnded } from './session';

const reduce = followSlice.reducer;

describe('followedIds (spec 3)', () => {
  it('keeps each id once', () => {
    let state = reduce(undefined, followed('a'));
    state = reduce(state, followed('b'));
    state = reduce(state, followed('a'));
    expect(state.followedIds).toEqual(['a', 'b']);
  });
  it('removes an id on unfollow and everything when the session ends', () => {
    let state = reduce(undefined, followed('a'));
    state = reduce(reduce(state, followed('b')), unfollowed('a'));
    expect(state.followedIds).toEqual(['b']);
    expect(reduce(state, sessionEnded('logout')).followedIds).toEqual([]);
  });

  it('takes in the follow states of loaded creators', () => {
    const state = reduce(
      reduce(undefined, followed('a')),
      followStatesLoaded([
        { _id: 'a', isFollowed: false },
        { _id: 'b', isFollowed: true },
      ]),
    );
    expect(state.followedIds).toEqual(['b']);
  });
});
