import type { TwoFactorChallenge } from '@limelight/contracts';
import { Alert, Spin } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useOnce } from '../../shared/hooks/useOnce';
import { sameSitePath } from '../../shared/lib/landing';
import { loginUrl } from '../../shared/lib/navigation';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage } from '../../shared/lib/toast';
import { Result } from '../../shared/ui/Result';
import { useConfirmEmailChangeMutation, useSignInWithLoginTokenMutation, useUndoEmailChangeMutation, useVerifyEmailMutation } from './api';
import { SecondFactorStep } from './SecondFactorStep';
import { useStartSession } from './useSessionActions';

/**
 * A page a link from an e-mail opens: it sends the link's token once and shows the answer.
 * `signsOut` links end every session (undoing an e-mail change), so they lead to log in.
 */
function LinkResult({ send, signsOut = false }: { send: (token: string) => Promise<{ message: string }>; signsOut?: boolean }) {
  const [params] = useSearchParams();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const [state, setState] = useState<{ ok: boolean; message: string }>();
  useOnce(async () => {
    try {
      setState({ ok: true, message: (await send(params.get('token') ?? '')).message });
    } catch (error) {
      setState({ ok: false, message: errorMessage(error) });
    }
  });
  if (!state) return <Spin size="large" />;
  // Someone who opens the link while signed in is not sent to log in again. A verification link
  // carries the page its owner signed up from: logging in leads there.
  const redirect = sameSitePath(params.get('redirect'));
  const next =
    loggedIn && !(signsOut && state.ok) ? (
      <Link to={redirect ?? '/home'}>{redirect ? 'Continue' : 'Go to your home page'}</Link>
    ) : (
      <Link to={loginUrl(redirect)}>Go to log in</Link>
    );
  return <Result status={state.ok ? 'success' : 'error'} title={state.message} extra={next} />;
}

/** `/auth/verify-email?token=`: the link in the verification e-mail. */
export function VerifyEmailPage() {
  const [verify] = useVerifyEmailMutation();
  return <LinkResult send={(token) => verify({ body: { token } }).unwrap()} />;
}

/** `/auth/confirm-email-change?token=`: the link sent to a new sign-in address. */
export function ConfirmEmailChangePage() {
  const [confirm] = useConfirmEmailChangeMutation();
  return <LinkResult send={(token) => confirm({ body: { token } }).unwrap()} />;
}

/** `/auth/undo-email-change?token=`: the link sent to the old address after a change. */
export function UndoEmailChangePage() {
  const [undo] = useUndoEmailChangeMutation();
  return <LinkResult send={(token) => undo({ body: { token } }).unwrap()} signsOut />;
}

/** `/auth/token-login?token=&redirect=`: a one-time login link. */
export function TokenLoginPage() {
  const [params] = useSearchParams();
  const [tokenLogin] = useSignInWithLoginTokenMutation();
  const startSession = useStartSession();
  const [failure, setFailure] = useState<string>();
  const [pending, setPending] = useState<TwoFactorChallenge & { redirect?: string }>();
  useOnce(async () => {
    try {
      const session = await tokenLogin({
        body: { token: params.get('token') ?? '', redirect: params.get('redirect') ?? undefined },
      }).unwrap();
      // A sign-in link that stood for the password still asks an account with 2FA for its second factor.
      if ('twoFactorRequired' in session) return setPending(session);
      // An admin's log-in-as stays in this tab: the admin's own session keeps the others.
      await startSession(session.redirect, { tabToken: session.impersonated ? session.token : undefined });
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  if (pending) return <SecondFactorStep pending={pending} redirect={pending.redirect} />;
  if (!failure) return <Spin size="large" />;
  return <Alert type="error" showIcon title={failure} description={<Link to="/auth/login">Log in with your password</Link>} />;
}
