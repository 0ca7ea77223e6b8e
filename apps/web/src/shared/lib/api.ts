import { ErrorCode, Messages } from '@limelight/contracts/constants';
import { createAction } from '@reduxjs/toolkit';
import { type BaseQueryFn, createApi, type FetchArgs, type FetchBaseQueryError, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { currentPage, loginUrl, navigate } from './navigation';
import { sessionEnded } from './session';
import { toast } from './toast';
import { forgetSignedIn, tabToken } from './token';

type Query = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/** Query strings repeat array values: ?a=1&a=2 (spec 7). */
const paramsSerializer = (params: Record<string, unknown>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  return search.toString();
};

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  // The HttpOnly session cookie goes with every call to the site itself, and nowhere else.
  credentials: 'same-origin',
  // An admin's log-in-as tab speaks as that account (decision 052): its bearer comes before the cookie.
  prepareHeaders: (headers) => {
    const token = tabToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
  paramsSerializer,
});

/** The server render's way to the API: its own fetch (into the process), the same query strings. */
export const serverBaseQuery = (fetchFn: typeof fetch): Query =>
  fetchBaseQuery({ baseUrl: 'http://render.invalid/api', fetchFn, paramsSerializer });

/** The API's cache as the server's render left it (`{ api: ... }`), dispatched once as the browser's store starts. */
export const renderedAnswers = createAction<Record<string, unknown>>('render/answers');

/**
 * What the server's render hands its store (app/store.ts): the request's own way to the API, in
 * the process and with the visitor's cookie. Its answers are taken as they are: the reactions
 * below (sending someone to log in, a toast) are the browser's.
 */
export type ServerRenderExtra = { serverQuery: Query };

/**
 * A 401 ends the session: an expired one sends the user to log in and come back to this page;
 * any other 401 goes to the login page with 'Forbidden in the action!' (spec 8).
 * Wrong credentials are a 401 too, but those belong to the login form.
 */
const baseQuery: Query = async (args, api, extraOptions) => {
  const server = (api.extra as Partial<ServerRenderExtra> | undefined)?.serverQuery;
  if (server) return server(args, api, extraOptions);
  const signedInAtStart = (api.getState() as { session?: { loggedIn: boolean } }).session?.loggedIn ?? false;
  const result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status === 401) {
    const code = (result.error.data as { code?: string } | undefined)?.code;
    // A page asks several things at once, and every answer to a dead session is a 401: the first
    // one ends the session (its token is gone then), the others have nothing left to end. Acting
    // on each raised one toast per request, and a page then showed 'Forbidden in the action!' twice.
    const alreadyEnded = signedInAtStart && !(api.getState() as { session?: { loggedIn: boolean } }).session?.loggedIn;
    if (code !== ErrorCode.invalidCredentials && !alreadyEnded) {
      const expired = code === ErrorCode.sessionExpired;
      const page = currentPage();
      forgetSignedIn();
      // Guards read why the session ended, so they send the user to the same place.
      api.dispatch(sessionEnded(expired ? 'expired' : 'refused'));
      if (expired) {
        navigate(loginUrl(page.startsWith('/auth/') ? undefined : page), { replace: true });
      } else {
        navigate('/auth/login', { replace: true });
        toast.error(Messages.forbiddenAction);
      }
    }
  }
  // An admin suspended or banned the account (decision 045): signed out, told why and until when,
  // once, however many requests met the refusal.
  const refusal = result.error?.status === 403 ? (result.error.data as { code?: string; message?: string } | undefined) : undefined;
  const stillSignedIn = (api.getState() as { session?: { loggedIn: boolean } }).session?.loggedIn ?? false;
  if ((refusal?.code === ErrorCode.accountSuspended || refusal?.code === ErrorCode.accountBanned) && signedInAtStart && stillSignedIn) {
    forgetSignedIn();
    api.dispatch(sessionEnded('refused'));
    navigate('/auth/login', { replace: true });
    if (refusal.message) toast.error(refusal.message);
  }
  // An admin without a second factor may only enrol one (decision 048): the security page says so.
  if (result.error?.status === 403) {
    const code = (result.error.data as { code?: string } | undefined)?.code;
    if (code === ErrorCode.secondFactorEnrolmentRequired && !currentPage().startsWith('/account/security')) {
      navigate('/account/security', { replace: true });
    }
  }
  return result;
};

/** What a settled subscription payment opens: everything a creator shows subscribers. */
export const subscriberContentTags = ['Subscriptions', 'Feeds', 'Videos', 'Galleries', 'Stories'] as const;

/**
 * For lists of posts and comments that a page keeps open: refetched when the person comes back to
 * the tab or the network returns. Nothing pushes posts or comments over the socket, so this is how
 * an open page drops one that moderation has hidden since it loaded (the API leaves held items out).
 */
export const REFRESH_ON_RETURN = { refetchOnFocus: true, refetchOnReconnect: true } as const;

/** One RTK Query API; each feature adds its endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Me',
    'Sessions',
    'KnownDevices',
    'TwoFactor',
    'PublicSettings',
    'AdminSettings',
    'Accounts',
    'Performer',
    'Following',
    'Followers',
    'Bookmarks',
    'PerformerAccount',
    'Lookups',
    'Posts',
    'SitePromos',
    'TokenPackages',
    'Feeds',
    'Comments',
    'Reports',
    'Stories',
    'Videos',
    'Galleries',
    'Photos',
    'Cards',
    'Payments',
    'Charges',
    'Subscriptions',
    'Earnings',
    'Payouts',
    'Coupons',
    'Blocks',
    'Conversations',
    'UnreadMessages',
    'Notifications',
    'NotificationSettings',
    'EmailTemplates',
    'MassMessages',
    'Products',
    'Orders',
    // What a sale changes, said by each seller: see saleTag (shared/pay/api.ts).
    'Sale',
    'Addresses',
    'Live',
    'StreamSettings',
    'PrivateRequests',
    'AdminEntities',
    'Audit',
  ],
  endpoints: () => ({}),
  // The answers the server's render fetched, written into the page: the browser's cache starts with
  // them. Its own cache's state, as JSON: typed by the store that wrote it (render-state.ts).
  extractRehydrationInfo: (action, { reducerPath }) => (renderedAnswers.match(action) ? (action.payload[reducerPath] as never) : undefined),
});
