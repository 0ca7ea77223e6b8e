import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec 3, Follow: the ids of creators the user follows, each once. */
export const followSlice = createSlice({
  name: 'follow',
  initialState: { followedIds: [] as string[] },
  reducers: {
    followed: (state, action: PayloadAction<string>) => {
      if (!state.followedIds.includes(action.payload)) state.followedIds.push(action.payload);
    },
    unfollowed: (state, action: PayloadAction<string>) => {
      state.followedIds = state.followedIds.filter((id) => id !== action.payload);
    },
    /** Takes in what the server said about creators just loaded (profile, lists). */
    followStatesLoaded: (state, action: PayloadAction<Array<{ _id: string; isFollowed: boolean }>>) => {
      const ids = new Set(state.followedIds);
      for (const performer of action.payload) {
        if (performer.isFollowed) ids.add(performer._id);
        else ids.delete(performer._id);
      }
      state.followedIds = [...ids];
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(
      (action) => action.type === 'session/sessionEnded',
      () => ({ followedIds: [] }),
    );
  },
});

export const { followed, unfollowed, followStatesLoaded } = followSlice.actions;
