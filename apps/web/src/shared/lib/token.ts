import Cookies from 'js-cookie';

const TOKEN_COOKIE = 'token';

/** The session token lives in the `token` cookie: 365 days when remembered, else 1 day (spec 4, 9). */
export const getToken = () => Cookies.get(TOKEN_COOKIE);

export function saveToken(token: string, remember: boolean) {
  Cookies.set(TOKEN_COOKIE, token, { expires: remember ? 365 : 1, sameSite: 'lax', secure: window.location.protocol === 'https:' });
}

export const removeToken = () => Cookies.remove(TOKEN_COOKIE);
