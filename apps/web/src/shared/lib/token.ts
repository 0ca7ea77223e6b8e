import Cookies from 'js-cookie';

const TOKEN_COOKIE = 'token';
/**
 * An admin's log-in-as session (issue 27) lives in this tab only, so the admin's own session, in
 * the cookie every other tab shares, stays theirs (decision 052). Sent as the bearer header,
 * which the API reads before the cookie.
 */
const TAB_TOKEN = 'limelight.tabSession';

const tabToken = () => {
  try {
    return sessionStorage.getItem(TAB_TOKEN) ?? undefined;
  } catch {
    return undefined;
  }
};

/** The session token lives in the `token` cookie: 365 days when remembered, else 1 day (spec 4, 9). */
export const getToken = () => tabToken() ?? Cookies.get(TOKEN_COOKIE);

export function saveToken(token: string, remember: boolean, options: { tabOnly?: boolean } = {}) {
  if (options.tabOnly) {
    sessionStorage.setItem(TAB_TOKEN, token);
    return;
  }
  Cookies.set(TOKEN_COOKIE, token, { expires: remember ? 365 : 1, sameSite: 'lax', secure: window.location.protocol === 'https:' });
}

/** Ends this tab's session: a log-in-as tab drops only its own token, never the shared cookie. */
export function removeToken() {
  if (tabToken()) sessionStorage.removeItem(TAB_TOKEN);
  else Cookies.remove(TOKEN_COOKIE);
}
