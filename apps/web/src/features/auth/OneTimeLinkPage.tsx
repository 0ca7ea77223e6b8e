import { Alert, Result, Spin } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/store';
import { useOnce } from '../../shared/hooks/useOnce';
import { errorMessage } from '../../shared/lib/toast';
import { useTokenLoginMutation, useVerifyEmailMutation } from './api';
import { useStartSession } from './useSessionActions';

/** `/auth/verify-email?token=`: the link in the verification e-mail. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const [verify] = useVerifyEmailMutation();
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const [state, setState] = useState<{ ok: boolean; message: string }>();
  useOnce(async () => {
    try {
      const answer = await verify({ token: params.get('token') ?? '' }).unwrap();
      setState({ ok: true, message: answer.message });
    } catch (error) {
      setState({ ok: false, message: errorMessage(error) });
    }
  });
  if (!state) return <Spin size="large" />;
  // Someone who opens the link while signed in is not sent to log in again.
  const next = loggedIn ? <Link to="/home">Go to your home page</Link> : <Link to="/auth/login">Go to log in</Link>;
  return <Result status={state.ok ? 'success' : 'error'} title={state.message} extra={next} />;
}

/** `/auth/token-login?token=&redirect=`: a one-time login link. */
export function TokenLoginPage() {
  const [params] = useSearchParams();
  const [tokenLogin] = useTokenLoginMutation();
  const startSession = useStartSession();
  const [failure, setFailure] = useState<string>();
  useOnce(async () => {
    try {
      const session = await tokenLogin({ token: params.get('token') ?? '', redirect: params.get('redirect') ?? undefined }).unwrap();
      await startSession(session.token, false, session.redirect);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });
  if (!failure) return <Spin size="large" />;
  return <Alert type="error" showIcon title={failure} description={<Link to="/auth/login">Log in with your password</Link>} />;
}
