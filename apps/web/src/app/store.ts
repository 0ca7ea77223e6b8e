import { configureStore } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { api } from '../shared/lib/api';
import { followSlice } from '../shared/lib/follow';
import { sessionSlice } from '../shared/lib/session';
import { socketSlice } from '../shared/lib/socket';
import { preferencesSlice } from '../shared/lib/theme';

export const createStore = () =>
  configureStore({
    reducer: {
      [api.reducerPath]: api.reducer,
      session: sessionSlice.reducer,
      follow: followSlice.reducer,
      preferences: preferencesSlice.reducer,
      socket: socketSlice.reducer,
    },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
