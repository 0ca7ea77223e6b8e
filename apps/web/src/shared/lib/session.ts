import type { CurrentUser } from '@limelight/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { dropReadableToken, isSignedIn } from './token';

/** Why the last session ended: an expired one sends the user back to their page after login. */
export type SessionEnd = 'logout' | 'expired' | 'refused';

/** Who is signed in. `loggedIn` follows the server's `signed_in` cookie; `user` arrives with GET /users/me. */
export type SessionState = { loggedIn: boolean; user: CurrentUser | null; ended: SessionEnd | null };

const initialState = (): SessionState => {
  dropReadableToken();
  return { loggedIn: isSignedIn(), user: null, ended: null };
};

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggedIn: (state) => {
      state.loggedIn = true;
      state.ended = null;
    },
    userLoaded: (state, action: PayloadAction<CurrentUser>) => {
      state.user = action.payload;
    },
    balanceChanged: (state, action: PayloadAction<number>) => {
      if (state.user) state.user.balance = action.payload;
    },
    /** Logout, expiry or a refused token: back to a visitor. */
    sessionEnded: (_state, action: PayloadAction<SessionEnd>) => ({ loggedIn: false, user: null, ended: action.payload }),
  },
});

export const { loggedIn, userLoaded, balanceChanged, sessionEnded } = sessionSlice.actions;
