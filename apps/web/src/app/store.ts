import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api, type ServerRenderExtra } from '../shared/lib/api';
import { type RootState, reducer } from '../shared/lib/store';

const rootReducer = combineReducers(reducer);

/**
 * The one store, wired here once: the shared reducer (shared/lib/store.ts) and the API's middleware.
 * The server's render makes one per request with its way to the API (`extra`) and the state it
 * starts from; the browser's starts from the state that render wrote into the page (the API's
 * cache comes in by `renderedAnswers`), so its first render matches the HTML it hydrates.
 */
export const createStore = (options: { extra?: ServerRenderExtra; preloadedState?: Partial<Omit<RootState, 'api'>> } = {}) =>
  configureStore({
    reducer: rootReducer,
    preloadedState: options.preloadedState,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: options.extra } }).concat(api.middleware),
  });

export type AppStore = ReturnType<typeof createStore>;
