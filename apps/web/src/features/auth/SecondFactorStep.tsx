import { KeyOutlined } from '@ant-design/icons';
import type { TwoFactorChallenge } from '@limelight/contracts';
import { Alert, Button, Divider, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { passkeyFailure, signWithPasskey } from '../../shared/lib/passkey';
import { errorMessage } from '../../shared/lib/toast';
import { useCompleteTwoFactorSignInMutation, useGetTwoFactorSignInPasskeyOptionsMutation } from './api';
import { useStartSession } from './useSessionActions';

/**
 * The second step of signing in to an account with two-factor sign-in (decision 048): a code
 * from the authenticator app, a recovery code, or one of the account's passkeys.
 */
export function SecondFactorStep({ pending, redirect }: { pending: TwoFactorChallenge; redirect?: string | null }) {
  const [complete, completing] = useCompleteTwoFactorSignInMutation();
  const [passkeyOptions, asking] = useGetTwoFactorSignInPasskeyOptionsMutation();
  const startSession = useStartSession();
  const [recovery, setRecovery] = useState(!pending.methods.includes('totp'));
  const [failure, setFailure] = useState<string>();
  const hasCode = pending.methods.includes('totp');

  const finish = async (factor: Record<string, unknown>) => {
    setFailure(undefined);
    try {
      await complete({ body: { challenge: pending.challenge, ...factor } as never }).unwrap();
      await startSession(redirect);
    } catch (error) {
      setFailure(errorMessage(error, 'That did not work, please try again'));
    }
  };
  const withPasskey = async () => {
    setFailure(undefined);
    try {
      const challenge = await passkeyOptions({ body: { challenge: pending.challenge } }).unwrap();
      await finish({ passkey: await signWithPasskey(challenge), passkeyChallengeId: challenge.challengeId });
    } catch (error) {
      setFailure(passkeyFailure(error));
    }
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Confirm it is you
      </Typography.Title>
      {failure && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={failure} />}
      {(hasCode || recovery) && (
        <Form
          layout="vertical"
          requiredMark={false}
          onFinish={(values: { code: string }) => finish(recovery ? { recoveryCode: values.code.trim() } : { code: values.code.trim() })}
        >
          <Form.Item
            name="code"
            label={recovery ? 'Recovery code' : 'Code from your authenticator app'}
            rules={[{ required: true, message: recovery ? 'Enter one of your recovery codes' : 'Enter the 6-digit code' }]}
          >
            <Input autoComplete="one-time-code" inputMode={recovery ? 'text' : 'numeric'} maxLength={recovery ? 40 : 6} autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={completing.isLoading}>
            Sign in
          </Button>
          {hasCode && (
            <Button type="link" onClick={() => setRecovery(!recovery)} style={{ paddingInline: 0, marginTop: 8 }}>
              {recovery ? 'Use a code from the app' : 'Use a recovery code'}
            </Button>
          )}
        </Form>
      )}
      {pending.methods.includes('passkey') && (
        <>
          {(hasCode || recovery) && <Divider plain>or</Divider>}
          <Button icon={<KeyOutlined aria-hidden />} block onClick={withPasskey} loading={asking.isLoading}>
            Use a passkey
          </Button>
        </>
      )}
    </>
  );
}
