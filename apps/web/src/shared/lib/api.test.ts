import { SIGNED_IN_COOKIE } from '@limelight/contracts/constants';
import { configureStore } from '@reduxjs/toolkit';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { setNavigator } from './navigation';
import { sessionSlice } from './session';
import { setToastInstance } from './toast';
import { isSignedIn } from './token';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    first: build.query<unknown, void>({ query: () => '/first' }),
    second: build.query<unknown, void>({ query: () => '/second' }),
  }),
});

afterEach(() => vi.unstubAllGlobals());

describe('a session the server ended', () => {
  it('ends once, with one toast and one trip to log in, however many requests were under way', async () => {
    // Signed in as the page opens: the server's cookie says so.
    Cookies.set(SIGNED_IN_COOKIE, '1');
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer, session: sessionSlice.reducer },
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    const toasts: string[] = [];
    setToastInstance({ error: (text: string) => toasts.push(text) } as never);
    const trips: unknown[] = [];
    setNavigator((to) => trips.push(to));
    // Both answers come only once both requests have left, as when a page loads.
    let release: () => void = () => undefined;
    const bothSent = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent = 0;
    // Node's Request takes absolute addresses only; the browser resolves '/api/…' against the page.
    const NodeRequest = Request;
    vi.stubGlobal(
      'Request',
      class extends NodeRequest {
        constructor(url: string, init?: RequestInit) {
          super(new URL(url, 'http://localhost'), init);
        }
      },
    );
    vi.stubGlobal('fetch', async () => {
      sent += 1;
      if (sent === 2) release();
      await bothSent;
      return new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'Your session is no longer valid' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    });

    await Promise.all([store.dispatch(probe.endpoints.first.initiate()), store.dispatch(probe.endpoints.second.initiate())]);

    expect(sent).toBe(2);
    expect(isSignedIn()).toBe(false);
    expect(toasts).toEqual(['Forbidden in the action!']);
    expect(trips).toEqual(['/auth/login']);
  });
});

describe('an account an admin suspended', () => {
  it('is signed out and told why, until when, by the 403 of any request; another 403 signs nobody out', async () => {
    // Signed in as the page opens: the server's cookie says so.
    Cookies.set(SIGNED_IN_COOKIE, '1');
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer, session: sessionSlice.reducer },
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    const toasts: string[] = [];
    setToastInstance({ error: (text: string) => toasts.push(text) } as never);
    const trips: unknown[] = [];
    setNavigator((to) => trips.push(to));
    const NodeRequest = Request;
    vi.stubGlobal(
      'Request',
      class extends NodeRequest {
        constructor(url: string, init?: RequestInit) {
          super(new URL(url, 'http://localhost'), init);
        }
      },
    );
    let answer = { code: 'FORBIDDEN', message: 'Only admin accounts may do this' };
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ statusCode: 403, ...answer }), { status: 403, headers: { 'content-type': 'application/json' } }),
    );

    await store.dispatch(probe.endpoints.first.initiate());
    expect(isSignedIn()).toBe(true);
    expect(trips).toEqual([]);

    const message = 'Your account is suspended until 2026-11-28 12:00 UTC: Spam';
    answer = { code: 'ACCOUNT_SUSPENDED', message };
    await store.dispatch(probe.endpoints.second.initiate());
    expect(isSignedIn()).toBe(false);
    expect(toasts).toEqual([message]);
    expect(trips).toEqual(['/auth/login']);
  });
});
