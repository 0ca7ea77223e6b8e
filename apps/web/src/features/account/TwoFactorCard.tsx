import { Alert, Button, Card, Flex, Form, Input, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { CopyButton } from '../../shared/ui/CopyButton';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { usePreparePassword } from '../auth';
import {
  useConfirmTotpSetupMutation,
  useDisableTotpMutation,
  useGetTwoFactorStatusQuery,
  useRegenerateRecoveryCodesMutation,
  useStartTotpSetupMutation,
} from './security-api';

/** A code from the app, or a recovery code when the field holds something else. */
export const factorOf = (typed: string) => (/^\d{6}$/.test(typed.trim()) ? { code: typed.trim() } : { recoveryCode: typed.trim() });

/** Recovery codes, shown once after they are made. */
function RecoveryCodesModal({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  return (
    <Modal
      open
      title="Your recovery codes"
      onOk={onClose}
      onCancel={onClose}
      okText="I have saved them"
      cancelButtonProps={{ hidden: true }}
    >
      <Typography.Paragraph>
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.
      </Typography.Paragraph>
      <ul aria-label="Recovery codes" style={{ columns: 2, fontFamily: 'monospace', fontSize: 16, paddingLeft: 20 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton text={codes.join('\n')} label="Copy codes" />
    </Modal>
  );
}

/**
 * Two-factor sign-in with an authenticator app (decision 048): scan the QR code (or type the
 * key), confirm with a first code, keep the recovery codes; turn it off with a code and the password.
 */
export function TwoFactorCard() {
  const status = useGetTwoFactorStatusQuery();
  const [setup, settingUp] = useStartTotpSetupMutation();
  const [confirm, confirming] = useConfirmTotpSetupMutation();
  const [disable, disabling] = useDisableTotpMutation();
  const [regenerate, regenerating] = useRegenerateRecoveryCodesMutation();
  const preparePassword = usePreparePassword();
  const [enrolment, setEnrolment] = useState<{ secret: string; qrCode: string }>();
  const [codes, setCodes] = useState<string[]>();
  const [confirmForm] = Form.useForm<{ code: string }>();
  const [disableForm] = Form.useForm<{ factor: string; currentPassword: string }>();
  const [regenerateForm] = Form.useForm<{ factor: string }>();

  if (status.isLoading || !status.data) {
    return (
      <Card title="Two-factor sign-in">
        {status.error ? (
          <LoadFailed
            what="The two-factor status"
            error={status.error}
            retrying={status.isFetching}
            onRetry={() => void status.refetch()}
          />
        ) : (
          <Skeleton active />
        )}
      </Card>
    );
  }
  const { totp, recoveryCodesLeft, required, enabled } = status.data;

  const start = async () => {
    try {
      setEnrolment(await setup().unwrap());
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const finish = async ({ code }: { code: string }) => {
    try {
      const answer = await confirm({ body: { code: code.trim() } }).unwrap();
      setEnrolment(undefined);
      setCodes(answer.recoveryCodes);
      toast.success('Two-factor sign-in is on');
    } catch (error) {
      applyFieldErrors(confirmForm, error);
      toast.error(errorMessage(error));
    }
  };
  const turnOff = async (values: { factor: string; currentPassword: string }) => {
    try {
      await disable({ body: { ...factorOf(values.factor), currentPassword: await preparePassword(values.currentPassword) } }).unwrap();
      disableForm.resetFields();
      toast.success('Two-factor sign-in with the app is off');
    } catch (error) {
      applyFieldErrors(disableForm, error);
      toast.error(errorMessage(error));
    }
  };
  const renew = async (values: { factor: string }) => {
    try {
      setCodes((await regenerate({ body: factorOf(values.factor) }).unwrap()).recoveryCodes);
      regenerateForm.resetFields();
    } catch (error) {
      applyFieldErrors(regenerateForm, error);
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card title="Two-factor sign-in" extra={totp ? <Tag color="green">On</Tag> : <Tag>Off</Tag>}>
      {required && !enabled && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Admins must have a second factor"
          description="Set up an authenticator app or a passkey: until then the rest of the site stays closed to this account."
        />
      )}
      {totp ? (
        <Flex vertical gap={16}>
          <Typography.Text>
            Signing in asks for a code from your authenticator app. Recovery codes left: <strong>{recoveryCodesLeft}</strong>
          </Typography.Text>
          <Form form={regenerateForm} layout="inline" onFinish={renew} aria-label="New recovery codes">
            <Form.Item name="factor" label="Code" rules={[{ required: true, message: 'Enter a code from your app' }]}>
              <Input autoComplete="one-time-code" inputMode="numeric" style={{ width: 160 }} />
            </Form.Item>
            <Button htmlType="submit" loading={regenerating.isLoading}>
              Make new recovery codes
            </Button>
          </Form>
          <Form form={disableForm} layout="vertical" onFinish={turnOff} aria-label="Turn two-factor sign-in off" style={{ maxWidth: 360 }}>
            <Form.Item name="factor" label="Code from your app, or a recovery code" rules={[{ required: true, message: 'Enter a code' }]}>
              <Input autoComplete="one-time-code" />
            </Form.Item>
            <Form.Item name="currentPassword" label="Current password" rules={[{ required: true, message: 'Enter your current password' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button danger htmlType="submit" loading={disabling.isLoading}>
              Turn off
            </Button>
          </Form>
        </Flex>
      ) : enrolment ? (
        <Flex vertical gap={12}>
          <Typography.Text>
            Scan this code with your authenticator app, or type the key into it, then enter the code it shows.
          </Typography.Text>
          <img src={enrolment.qrCode} alt="QR code to add this account to your authenticator app" width={220} height={220} />
          <Typography.Text>
            Key:{' '}
            <Typography.Text code copyable data-testid="totp-secret">
              {enrolment.secret}
            </Typography.Text>
          </Typography.Text>
          <Form form={confirmForm} layout="inline" onFinish={finish} aria-label="Confirm the authenticator app">
            <Form.Item name="code" label="Code" rules={[{ required: true, message: 'Enter the 6-digit code' }]}>
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} style={{ width: 120 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={confirming.isLoading}>
              Turn on
            </Button>
            <Button onClick={() => setEnrolment(undefined)}>Cancel</Button>
          </Form>
        </Flex>
      ) : (
        <Flex vertical gap={12} align="start">
          <Typography.Text>Add a code from an authenticator app to your password when you sign in.</Typography.Text>
          <Button type="primary" onClick={start} loading={settingUp.isLoading}>
            Set up an authenticator app
          </Button>
        </Flex>
      )}
      {codes && <RecoveryCodesModal codes={codes} onClose={() => setCodes(undefined)} />}
    </Card>
  );
}
