import Cookies from 'js-cookie';
import type { SocialRole } from './api';

const GOOGLE_STATE_KEY = 'limelight.google-sign-in';
const REDIRECT_KEY = 'limelight.social-redirect';
/** Twitter's first step, kept for a day (spec 4, 9) until the second step clears it. */
const TWITTER_COOKIES = ['oauthToken', 'oauthTokenSecret', 'role'] as const;

export const googleRedirectUri = () => `${window.location.origin}/auth/google/callback`;

/** Sends the browser to Google's consent screen; `state` ties the answer to this tab. */
export function startGoogleSignIn(authorizeUrl: string, clientId: string, role: SocialRole, redirect: string | null) {
  const state = crypto.randomUUID();
  sessionStorage.setItem(GOOGLE_STATE_KEY, JSON.stringify({ state, role }));
  rememberRedirect(redirect);
  const query = new URLSearchParams({
    client_id: clientId,
    redirect_uri: googleRedirectUri(),
    response_type: 'code',
    scope: 'openid email profile',
    state,
    prompt: 'select_account',
  });
  window.location.assign(`${authorizeUrl}?${query}`);
}

/** The role asked for when the answer's `state` is the one this tab sent; undefined otherwise. */
export function takeGoogleRequest(state: string | null): SocialRole | undefined {
  const saved = sessionStorage.getItem(GOOGLE_STATE_KEY);
  sessionStorage.removeItem(GOOGLE_STATE_KEY);
  if (!saved || !state) return undefined;
  const request = JSON.parse(saved) as { state: string; role: SocialRole };
  return request.state === state ? request.role : undefined;
}

export function keepTwitterRequest(request: { oauthToken: string; oauthTokenSecret: string; role: SocialRole }, redirect: string | null) {
  const secure = window.location.protocol === 'https:';
  for (const key of TWITTER_COOKIES) Cookies.set(key, request[key], { expires: 1, sameSite: 'lax', secure });
  rememberRedirect(redirect);
}

export function takeTwitterRequest() {
  const request = { oauthToken: Cookies.get('oauthToken'), oauthTokenSecret: Cookies.get('oauthTokenSecret') };
  for (const key of TWITTER_COOKIES) Cookies.remove(key);
  return request;
}

function rememberRedirect(redirect: string | null) {
  if (redirect) sessionStorage.setItem(REDIRECT_KEY, redirect);
  else sessionStorage.removeItem(REDIRECT_KEY);
}

export function takeRedirect() {
  const redirect = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return redirect;
}
