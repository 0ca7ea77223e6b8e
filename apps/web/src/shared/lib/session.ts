import type { CurrentUser } from '@limelight/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { getToken } from './token';

/** Who is signed in. `loggedIn` follows the token; `user` arrives with GET /users/me. */
export type SessionState = { loggedIn: boolean; user: CurrentUser | null };

const initialState = (): SessionState => ({ loggedIn: !!getToken(), user: null });

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    loggedIn: (state) => {
      state.loggedIn = true;
    },
    userLoaded: (state, action: PayloadAction<CurrentUser>) => {
      state.user = action.payload;
    },
    balanceChanged: (state, action: PayloadAction<number>) => {
      if (state.user) state.user.balance = action.payload;
    },
    /** Logout and session expiry: back to a visitor. */
    sessionEnded: () => ({ loggedIn: false, user: null }),
  },
});

export const { loggedIn, userLoaded, balanceChanged, sessionEnded } = sessionSlice.actions;
