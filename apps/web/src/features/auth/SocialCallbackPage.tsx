import type { LoginAnswer, TwoFactorChallenge } from '@limelight/contracts';
import { Alert, Spin } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useOnce } from '../../shared/hooks/useOnce';
import { errorMessage } from '../../shared/lib/toast';
import { useCompleteTwitterSignInMutation, useSignInWithGoogleCodeMutation } from './api';
import { SecondFactorStep } from './SecondFactorStep';
import { googleRedirectUri, takeGoogleRequest, takeRedirect, takeTwitterRequest } from './socialSignIn';
import { useStartSession } from './useSessionActions';

/** Shared by both callbacks: `exchange` signs in (the server sets the session cookie), or say what went wrong. */
function useSocialCallback(exchange: (params: URLSearchParams) => Promise<LoginAnswer>) {
  const [params] = useSearchParams();
  const startSession = useStartSession();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState<{ challenge: TwoFactorChallenge; redirect: string | null }>();
  useOnce(async () => {
    try {
      const answer = await exchange(params);
      const redirect = takeRedirect();
      // An account with two-factor sign-in still gives its second factor (decision 048).
      if ('twoFactorRequired' in answer) return setPending({ challenge: answer, redirect });
      await startSession(redirect);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : errorMessage(error));
    }
  });
  if (pending) return <SecondFactorStep pending={pending.challenge} redirect={pending.redirect} />;
  if (!failure) return <Spin size="large" />;
  return <Alert type="error" showIcon title={failure} description={<Link to="/auth/login">Back to log in</Link>} />;
}

/** `/auth/google/callback?code=&state=`: where Google's consent screen sends the browser back. */
export function GoogleCallbackPage() {
  const [googleToken] = useSignInWithGoogleCodeMutation();
  return useSocialCallback(async (params) => {
    const role = takeGoogleRequest(params.get('state'));
    const code = params.get('code');
    if (params.get('error') || !code) throw new Error('Google sign-in was cancelled.');
    if (!role) throw new Error('This Google sign-in was not started here, please try again.');
    return googleToken({ body: { code, redirectUri: googleRedirectUri(), role } }).unwrap();
  });
}

/** `/auth/twitter/callback?oauth_token=&oauth_verifier=`: Twitter's second step. */
export function TwitterCallbackPage() {
  const [twitterCallback] = useCompleteTwitterSignInMutation();
  return useSocialCallback(async (params) => {
    const saved = takeTwitterRequest();
    const oauthToken = params.get('oauth_token');
    const oauthVerifier = params.get('oauth_verifier');
    if (params.get('denied') || !oauthToken || !oauthVerifier) throw new Error('Twitter sign-in was cancelled.');
    if (saved.oauthToken !== oauthToken) throw new Error('This Twitter sign-in was not started here, please try again.');
    return twitterCallback({ body: { oauthToken, oauthTokenSecret: saved.oauthTokenSecret, oauthVerifier } }).unwrap();
  });
}
