import { emailSchema } from '@limelight/contracts';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { useRequestPasswordResetMutation } from './api';

export default function ForgotPasswordPage() {
  const [forgot, { isLoading, data }] = useRequestPasswordResetMutation();
  const submit = async ({ email }: { email: string }) => {
    try {
      await forgot({ body: { email } }).unwrap();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Forgot your password?
      </Typography.Title>
      {data ? (
        <Alert type="success" showIcon title={data.message} />
      ) : (
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Typography.Paragraph type="secondary">
            Enter the e-mail address of your account and we will send you a link to choose a new password.
          </Typography.Paragraph>
          <Form.Item name="email" label="E-mail" rules={[zodRule(emailSchema, 'E-mail')]}>
            <Input type="email" autoComplete="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            Send reset link
          </Button>
        </Form>
      )}
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/auth/login">Back to log in</Link>
      </Typography.Paragraph>
    </>
  );
}
