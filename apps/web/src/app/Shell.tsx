import { Suspense, useCallback, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Analytics } from '../features/analytics';
import { currentUserApi, useGetCurrentUserQuery } from '../features/auth/api';
import { blockedCountryApi, settingsApi, useCheckSiteBlockedInCountryQuery, usePublicSettingsQuery } from '../shared/api/settings';
import { api } from '../shared/lib/api';
import { lazyComponent } from '../shared/lib/lazy';
import { balanceChanged, userLoaded } from '../shared/lib/session';
import { type AppSocket, loadSocketClient, openSocket, setCurrentSocket, socketStatusChanged } from '../shared/lib/socket';
import { useAppDispatch, useAppSelector } from '../shared/lib/store';
import { PageLoading } from '../shared/ui/PageLoading';
import { GeoBlockLayout } from './layouts/GeoBlockLayout';
import { MaintenancePage } from './MaintenancePage';
import type { AppStore } from './store';
import { Themed } from './Themed';

// Drawn with antd's forms and buttons, and rarely shown: loaded when they are, not with the entry.
const AgreementsDialog = lazyComponent(() =>
  import('../features/auth/AgreementsDialog').then((module) => ({ default: module.AgreementsDialog })),
);
const SessionUnavailable = lazyComponent(() => import('./SessionUnavailable').then((module) => ({ default: module.SessionUnavailable })));

/** Opens the socket only while signed in and closes it on logout (spec 4). */
function useSocket(loggedIn: boolean) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!loggedIn) return;
    let socket: AppSocket | undefined;
    let closed = false;
    void loadSocketClient().then((connect) => {
      if (closed) return;
      socket = openSocket(connect, (status) => dispatch(socketStatusChanged(status)));
      setCurrentSocket(socket);
      socket.on('update_balance', ({ balance }) => dispatch(balanceChanged(balance)));
      socket.on('settings/changed', () => dispatch(api.util.invalidateTags(['PublicSettings'])));
      // Refused by the server (the site went into maintenance, or the account was suspended): the
      // settings and the account read again say why, and a suspended account is signed out.
      socket.on('auth/error', () => dispatch(api.util.invalidateTags(['PublicSettings', 'Me'])));
    });
    return () => {
      closed = true;
      if (!socket) return;
      setCurrentSocket(undefined);
      socket.disconnect();
      dispatch(socketStatusChanged(null));
    };
  }, [loggedIn, dispatch]);
}

/** The favicon follows the site settings (the title follows the page: main.tsx). */
function useFavicon(favicon?: string) {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link) link.href = favicon || '/favicon.ico';
  }, [favicon]);
}

/**
 * Asks for what the Shell waits for (settings, geo check, the signed-in account) as the entry
 * runs, before React's first render: the answers then come in parallel with the page's chunk
 * (preloaded by the router). Without a subscription the results wait in the cache for the Shell's
 * hooks, which take them over instead of asking again.
 */
export function requestShellData(store: AppStore) {
  store.dispatch(settingsApi.endpoints.getPublicSettings.initiate(undefined, { subscribe: false }));
  store.dispatch(blockedCountryApi.endpoints.checkSiteBlockedInCountry.initiate(undefined, { subscribe: false }));
  if (store.getState().session.loggedIn) store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false }));
}

/**
 * Wraps every route: loads the settings and the signed-in user, keeps the socket, and puts the
 * maintenance page in place of every screen while maintenanceMode is on, or the geo-block
 * layout where the site is blocked in the visitor's country, or says that the signed-in account
 * could not be loaded and tries again (SessionUnavailable). Admins still get through, and
 * /admin/login stays reachable so that they can sign in (the API admits only admins then;
 * decision 005).
 */
const STAFF_LOGIN_PATH = '/admin/login';

export function Shell() {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const user = useAppSelector((state) => state.session.user);
  const { pathname } = useLocation();
  const settings = usePublicSettingsQuery();
  const geo = useCheckSiteBlockedInCountryQuery();
  const me = useGetCurrentUserQuery(undefined, { skip: !loggedIn });
  useSocket(loggedIn);
  // The account as the last answer brought it. onQueryStarted stores it too, but only for the
  // request it started with: after several tries one answer could land with no one to store it.
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (loggedIn && me.data && !user) dispatch(userLoaded(me.data));
  }, [loggedIn, me.data, user, dispatch]);
  useFavicon(settings.data?.favicon);
  // A new try, asked of the store: stable, whatever this hook's subscription is doing.
  const retryMe = useCallback(() => {
    dispatch(currentUserApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false, forceRefetch: true }));
  }, [dispatch]);

  // A held session whose account failed to load (a 401 would have ended the session): kept
  // through each new try, so the screen does not flicker back to a spinner while it asks.
  const accountFailed = loggedIn && !user && !!me.error && !me.data;
  if (settings.isLoading || geo.isLoading || (loggedIn && me.isLoading && !accountFailed)) return <PageLoading />;
  const staffEntrance = user?.isAdmin || pathname === STAFF_LOGIN_PATH;
  if (settings.data?.maintenanceMode && !staffEntrance) {
    return <MaintenancePage image={settings.data.maintenanceImage} siteName={settings.data.siteName} />;
  }
  if (geo.data?.blocked && !staffEntrance) return <GeoBlockLayout siteName={settings.data?.siteName} />;
  if (accountFailed) {
    return (
      <Suspense fallback={<PageLoading />}>
        <SessionUnavailable fetching={me.isFetching} attempt={me.startedTimeStamp} retry={retryMe} />
      </Suspense>
    );
  }
  return (
    <>
      <Outlet />
      {/* What the account has yet to accept (decision 050) is asked before anything else; admins are never asked. */}
      {user?.pendingAgreements?.length ? (
        <Themed fallback={null}>
          <AgreementsDialog pending={user.pendingAgreements} />
        </Themed>
      ) : null}
      {/* A new page opens at its top and Back returns to where the reader was; a table's filters
          (the same path, new search params) keep the reader where they are. */}
      <ScrollRestoration getKey={(location) => location.pathname} />
      <Analytics />
    </>
  );
}
