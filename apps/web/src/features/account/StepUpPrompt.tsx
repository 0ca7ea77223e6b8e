import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useStepUpMutation, useTwoFactorStatusQuery } from './security-api';
import { factorOf } from './TwoFactorCard';

/**
 * With two-factor sign-in on, payout changes and requests need a second factor checked in the
 * last 10 minutes (decision 048): this asks for a code (or recovery code) before them.
 */
export function StepUpPrompt() {
  const status = useTwoFactorStatusQuery();
  const [stepUp, steppingUp] = useStepUpMutation();
  const [until, setUntil] = useState<string>();
  if (!status.data?.totp) return null;
  if (until && new Date(until) > new Date()) {
    return <Alert type="success" showIcon style={{ marginBottom: 16 }} title="Confirmed: payout changes are open for 10 minutes" />;
  }
  const confirm = async ({ factor }: { factor: string }) => {
    try {
      setUntil((await stepUp(factorOf(factor)).unwrap()).until);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="Confirm it is you"
      description={
        <Form layout="inline" onFinish={confirm} aria-label="Confirm with a code" style={{ rowGap: 8, marginTop: 8 }}>
          <Form.Item name="factor" label="Code from your app" rules={[{ required: true, message: 'Enter the code' }]}>
            <Input autoComplete="one-time-code" style={{ width: 160 }} />
          </Form.Item>
          <Button htmlType="submit" loading={steppingUp.isLoading}>
            Confirm
          </Button>
        </Form>
      }
    />
  );
}
