import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { api } from './api';
import { followSlice } from './follow';
import { sessionSlice } from './session';
import { socketSlice } from './socket';
import { preferencesSlice } from './theme';

/**
 * The app's state: the API's cache and the slices that every part of the app reads (session,
 * follows, preferences, socket). Their shapes are shared, so the reducer and the typed hooks live
 * here, below the features; app/store.ts wires them into the one store (decision 075).
 */
export const reducer = {
  [api.reducerPath]: api.reducer,
  session: sessionSlice.reducer,
  follow: followSlice.reducer,
  preferences: preferencesSlice.reducer,
  socket: socketSlice.reducer,
};

export type RootState = { [Slice in keyof typeof reducer]: ReturnType<(typeof reducer)[Slice]> };
/** What the store's dispatch takes: actions, and thunks such as an endpoint's `initiate`. */
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
