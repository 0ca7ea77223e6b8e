import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { api } from '../../shared/lib/api';
import { landingPath, sameSitePath } from '../../shared/lib/landing';
import { loginUrl } from '../../shared/lib/navigation';
import { loggedIn, sessionEnded } from '../../shared/lib/session';
import { useAppDispatch } from '../../shared/lib/store';
import { toast } from '../../shared/lib/toast';
import { forgetSignedIn, forgetTabToken, saveTabToken, tabToken } from '../../shared/lib/token';
import { currentUserApi, type Registered, useSignInMutation, useSignOutMutation } from './api';

/**
 * After a sign-in answered: the server has set the session cookie (the token in the answer is
 * for API clients and is not kept here); loads the user and goes to their landing page (or the redirect).
 */
export function useStartSession() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(
    async (redirect?: string | null, options: { tabToken?: string } = {}) => {
      if (options.tabToken) saveTabToken(options.tabToken);
      dispatch(api.util.resetApiState());
      dispatch(loggedIn());
      const user = await dispatch(currentUserApi.endpoints.getCurrentUser.initiate()).unwrap();
      navigate(landingPath(user, redirect), { replace: true });
    },
    [dispatch, navigate],
  );
}

/** Logout resets auth and user state, removes the token and goes to /auth/login (spec 4). */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useSignOutMutation();
  return useCallback(async () => {
    await logout().catch(() => undefined);
    // A log-in-as tab ends only its own session; the admin stays signed in elsewhere.
    if (tabToken()) forgetTabToken();
    else forgetSignedIn();
    dispatch(sessionEnded('logout'));
    dispatch(api.util.resetApiState());
    navigate('/auth/login', { replace: true });
  }, [dispatch, logout, navigate]);
}

/**
 * After a sign-up: say so, then sign the new account in, or send it to log in once it has
 * verified its e-mail address when the site requires that. Either way the redirect the visitor
 * came with (the page they were on) is where they land, as after a login (spec 2).
 */
export function useFinishRegistration() {
  const [login] = useSignInMutation();
  const startSession = useStartSession();
  const navigate = useNavigate();
  return useCallback(
    async (registered: Registered, credentials: { username: string; password: string }, redirect?: string | null) => {
      toast.success(registered.message);
      if (registered.requireEmailVerification) return navigate(loginUrl(sameSitePath(redirect)));
      const session = await login({ body: { ...credentials, remember: true } }).unwrap();
      // A new account has no second factor yet; should one answer a challenge, the login page asks for it.
      if ('twoFactorRequired' in session) return navigate(loginUrl(sameSitePath(redirect)));
      await startSession(redirect);
    },
    [login, navigate, startSession],
  );
}

/** The page a sign-in or sign-up page was opened to return to (`?redirect=`), when it is on this site. */
export function useRedirect() {
  const [params] = useSearchParams();
  return sameSitePath(params.get('redirect'));
}
