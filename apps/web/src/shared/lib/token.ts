import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '@limelight/contracts/constants';
import Cookies from 'js-cookie';

/**
 * The session token is out of this app's reach (decision 047): the server keeps it in an HttpOnly
 * cookie that the browser sends with every request and the socket's handshake. The app only reads
 * the `signed_in` cookie set beside it, which holds no secret and expires with the session.
 */
export const isSignedIn = () => Cookies.get(SIGNED_IN_COOKIE) === '1';

/** After a logout or a refused session (the server clears both cookies too). */
export const forgetSignedIn = () => Cookies.remove(SIGNED_IN_COOKIE);

/**
 * A token this app can read was written by an earlier version of it (script-readable): it is
 * dropped, and that browser signs in once more to get the HttpOnly cookie. An HttpOnly one is
 * invisible here, so this never touches it.
 */
export function dropReadableToken() {
  if (Cookies.get(SESSION_COOKIE)) Cookies.remove(SESSION_COOKIE);
}

/**
 * An admin's log-in-as session (issue 27) lives in this tab only (decision 052): the server sets no
 * cookie for it, so the admin's own session, in the cookie every other tab shares, stays theirs. It
 * is sent as the bearer header, which the API reads before the cookie, and it ends with the tab.
 */
const TAB_TOKEN = 'limelight.tabSession';

export const tabToken = () => {
  try {
    return sessionStorage.getItem(TAB_TOKEN) ?? undefined;
  } catch {
    return undefined;
  }
};
export const saveTabToken = (token: string) => sessionStorage.setItem(TAB_TOKEN, token);
export const forgetTabToken = () => sessionStorage.removeItem(TAB_TOKEN);
