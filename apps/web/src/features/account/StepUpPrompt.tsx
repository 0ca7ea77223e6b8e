import { KeyOutlined } from '@ant-design/icons';
import type { StepUpInput } from '@limelight/contracts';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { passkeyFailure, signWithPasskey } from '../../shared/lib/passkey';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useGetPasskeyAssertionOptionsMutation, useGetTwoFactorStatusQuery, useStepUpSessionMutation } from './security-api';
import { factorOf } from './TwoFactorCard';

/**
 * With a second factor enrolled, payout changes and requests need one checked in the last 10
 * minutes (decision 048): this asks for it before them, with what the account has: a code from
 * the app (or a recovery code), a passkey, or either.
 */
export function StepUpPrompt() {
  const status = useGetTwoFactorStatusQuery();
  const [stepUp] = useStepUpSessionMutation();
  const [passkeyOptions] = useGetPasskeyAssertionOptionsMutation();
  const [busy, setBusy] = useState<'code' | 'passkey'>();
  if (!status.data?.enabled) return null;
  const until = status.data.stepUpUntil;
  if (until && new Date(until) > new Date()) {
    return <Alert type="success" showIcon style={{ marginBottom: 16 }} title="Confirmed: payout changes are open for 10 minutes" />;
  }
  const { totp, passkeys, recoveryCodesLeft } = status.data;
  // Recovery codes come with the app; an account whose app is gone may still hold some.
  const codeLabel = totp ? 'Code from your app' : recoveryCodesLeft > 0 ? 'Recovery code' : undefined;

  /** Steps up with the factor `prove` gives; a failure is said in words (a browser's refusal included). */
  const confirm = async (way: 'code' | 'passkey', prove: () => Promise<StepUpInput>) => {
    setBusy(way);
    try {
      await stepUp({ body: await prove() }).unwrap();
    } catch (error) {
      toast.error(way === 'passkey' ? passkeyFailure(error) : errorMessage(error));
    } finally {
      setBusy(undefined);
    }
  };
  const withCode = ({ factor }: { factor: string }) =>
    confirm('code', async () => (totp ? factorOf(factor) : { recoveryCode: factor.trim() }));
  const withPasskey = () =>
    confirm('passkey', async () => {
      const challenge = await passkeyOptions().unwrap();
      return { passkey: await signWithPasskey(challenge), passkeyChallengeId: challenge.challengeId };
    });

  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="Confirm it is you"
      description={
        <Flex wrap gap={8} align="center" style={{ marginTop: 8 }}>
          {codeLabel && (
            <Form layout="inline" onFinish={withCode} aria-label="Confirm with a code" style={{ rowGap: 8 }}>
              <Form.Item name="factor" label={codeLabel} rules={[{ required: true, message: 'Enter the code' }]}>
                <Input autoComplete="one-time-code" style={{ width: 160 }} />
              </Form.Item>
              <Button htmlType="submit" loading={busy === 'code'} disabled={busy === 'passkey'}>
                Confirm
              </Button>
            </Form>
          )}
          {codeLabel && passkeys > 0 && <Typography.Text type="secondary">or</Typography.Text>}
          {passkeys > 0 && (
            <Button icon={<KeyOutlined aria-hidden />} onClick={withPasskey} loading={busy === 'passkey'} disabled={busy === 'code'}>
              Use a passkey
            </Button>
          )}
        </Flex>
      }
    />
  );
}
