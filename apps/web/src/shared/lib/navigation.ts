/**
 * Lets non-React code (the API layer) navigate. The router registers itself at start-up,
 * which keeps the API layer free of a dependency on the route tree.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;
let navigateImpl: Navigate = (to) => window.location.assign(to);

export const setNavigator = (navigate: Navigate) => {
  navigateImpl = navigate;
};
export const navigate: Navigate = (to, options) => navigateImpl(to, options);

/** The page to come back to after logging in: path plus query. */
export const currentPage = () => `${window.location.pathname}${window.location.search}`;

const withRedirect = (path: string, redirect?: string | null) => (redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path);

export const loginUrl = (redirect?: string | null) => withRedirect('/auth/login', redirect);

/**
 * Where a visitor goes to take a member's action (follow, subscribe, tip, like…): signing up, with
 * logging in one link away, and back to the page afterwards (decision 027).
 */
export const joinUrl = (redirect?: string | null) => withRedirect('/auth/register', redirect);

/** Becoming a creator, back to the page afterwards. */
export const joinAsCreatorUrl = (redirect?: string | null) => withRedirect('/auth/register/creator', redirect);

/**
 * Where a page that needs a session sends someone without one: back to this page after login,
 * unless the server refused the session or the user logged out (spec 8).
 */
export const loginUrlAfter = (ended: 'logout' | 'expired' | 'refused' | null, page: string) =>
  ended === 'logout' || ended === 'refused' ? loginUrl() : loginUrl(page);
