import { KeyOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import type { TwoFactorChallenge } from '@limelight/contracts';
import { ErrorCode, Messages } from '@limelight/contracts/constants';
import { Alert, Button, Checkbox, Divider, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { sameSitePath } from '../../shared/lib/landing';
import { joinAsCreatorUrl, joinUrl } from '../../shared/lib/navigation';
import { passkeyFailure, signWithPasskey } from '../../shared/lib/passkey';
import { errorCode, errorMessage, toast } from '../../shared/lib/toast';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import {
  useGetPasskeySignInOptionsMutation,
  useRequestEmailVerificationMutation,
  useSignInMutation,
  useSignInWithPasskeyMutation,
} from './api';
import { SecondFactorStep } from './SecondFactorStep';
import { SocialButtons } from './SocialButtons';
import { usePreparePassword } from './usePreparePassword';
import { useStartSession } from './useSessionActions';

type LoginForm = { login: string; password: string; remember: boolean };

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  // The admins' way in while maintenance mode closes the site (decision 005): nothing that leads elsewhere.
  const staffEntrance = useLocation().pathname === '/admin/login';
  const [login, { isLoading }] = useSignInMutation();
  const [resend, resendState] = useRequestEmailVerificationMutation();
  const startSession = useStartSession();
  const preparePassword = usePreparePassword();
  const [failure, setFailure] = useState<{ message: string; code?: string; login: string }>();
  const [pending, setPending] = useState<{ challenge: TwoFactorChallenge; remember: boolean }>();
  const [passkeyOptions, askingPasskey] = useGetPasskeySignInOptionsMutation();
  const [passkeySignIn, signingInWithPasskey] = useSignInWithPasskeyMutation();

  const submit = async (values: LoginForm) => {
    setFailure(undefined);
    const field = values.login.includes('@') ? 'email' : 'username';
    try {
      const answer = await login({
        body: { [field]: values.login.trim(), password: await preparePassword(values.password), remember: values.remember },
      }).unwrap();
      // An account with two-factor sign-in answers a challenge: the second step asks for the code.
      if ('twoFactorRequired' in answer) return setPending({ challenge: answer, remember: values.remember });
      await startSession(redirect);
    } catch (error) {
      // Said once, beside the form (with its Resend action when that helps): not also as a toast.
      setFailure({ message: errorMessage(error, Messages.incorrectCredentials), code: errorCode(error), login: values.login });
    }
  };

  /** A password-free sign-in with a passkey this device (or a phone nearby) holds. */
  const withPasskey = async () => {
    setFailure(undefined);
    try {
      const challenge = await passkeyOptions().unwrap();
      await passkeySignIn({
        body: { challengeId: challenge.challengeId, response: await signWithPasskey(challenge), remember: true },
      }).unwrap();
      await startSession(redirect);
    } catch (error) {
      setFailure({ message: passkeyFailure(error), login: '' });
    }
  };

  if (pending) return <SecondFactorStep pending={pending.challenge} redirect={redirect} />;

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        {staffEntrance ? 'Staff sign-in' : 'Log in'}
      </Typography.Title>
      {failure && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={failure.message}
          action={
            failure.code === ErrorCode.emailNotVerified && failure.login.includes('@') ? (
              <Button
                size="small"
                loading={resendState.isLoading}
                onClick={() =>
                  resend({ body: { email: failure.login } })
                    .unwrap()
                    .then((r) => toast.success(r.message))
                    .catch((error: unknown) => toast.error(errorMessage(error)))
                }
              >
                Resend e-mail
              </Button>
            ) : (failure.code === ErrorCode.rateLimited || failure.code === ErrorCode.signInChallenge) && !staffEntrance ? (
              // Too many failed tries: the wait or the e-mailed check is named above, and a reset lets the owner in now.
              <Link to="/auth/forgot-password">Reset password</Link>
            ) : undefined
          }
        />
      )}
      <Form<LoginForm> layout="vertical" initialValues={{ remember: true }} onFinish={submit} requiredMark={false}>
        <Form.Item name="login" label="E-mail or username" rules={[{ required: true, message: 'Enter your e-mail or username' }]}>
          <Input prefix={<UserOutlined aria-hidden />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label="Password" rules={[{ required: true, message: 'Enter your password' }]}>
          <Input.Password prefix={<LockOutlined aria-hidden />} autoComplete="current-password" />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>Remember me</Checkbox>
          </Form.Item>
          {!staffEntrance && <Link to="/auth/forgot-password">Forgot password?</Link>}
        </Flex>
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          Log in
        </Button>
      </Form>
      <Button
        icon={<KeyOutlined aria-hidden />}
        block
        style={{ marginTop: 12 }}
        onClick={withPasskey}
        loading={askingPasskey.isLoading || signingInWithPasskey.isLoading}
      >
        Sign in with a passkey
      </Button>
      {!staffEntrance && (
        <>
          <SocialButtons accountRole="user" />
          <Divider plain>New here?</Divider>
          <Flex gap={8} vertical>
            <ButtonLink to={joinUrl(sameSitePath(redirect))} block>
              Sign up as a fan
            </ButtonLink>
            <ButtonLink to={joinAsCreatorUrl(sameSitePath(redirect))} block>
              Become a creator
            </ButtonLink>
          </Flex>
        </>
      )}
    </>
  );
}
