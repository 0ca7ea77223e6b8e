import { configureStore } from '@reduxjs/toolkit';
import { api } from '../shared/lib/api';
import { reducer } from '../shared/lib/store';

/** The one store, wired here once: the shared reducer (shared/lib/store.ts) and the API's middleware. */
export const createStore = () =>
  configureStore({
    reducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });

export type AppStore = ReturnType<typeof createStore>;
