import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import type { Params } from 'react-router';
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

/**
 * What a page may ask for ahead of its first render (app/router.tsx): the store, and the address's
 * params. A page's module exports a `preload` taking it for what only its own code knows to ask.
 */
export type PageStart = { store: { dispatch: AppDispatch; getState: () => RootState }; params: Readonly<Params<string>> };
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;

/** An endpoint read by one id (a post, a video, a product...): what a page of one item asks for first. */
type ItemEndpoint<Item> = {
  initiate: (
    arg: { id: string },
    options: { subscribe: false },
  ) => ThunkAction<PromiseLike<{ data?: Item }>, RootState, unknown, UnknownAction>;
};

/**
 * A page module's `preload` that asks for its item by the address's `id`, so the server draws it,
 * and then, when given, what the page's head needs of the item's answer (its creator's page).
 */
export const preloadItem =
  <Item>(endpoint: ItemEndpoint<Item>, andThen?: (item: Item, start: PageStart) => unknown) =>
  async (start: PageStart) => {
    if (!start.params.id) return;
    const { data } = await start.store.dispatch(endpoint.initiate({ id: start.params.id }, { subscribe: false }));
    if (data && andThen) await andThen(data, start);
  };
