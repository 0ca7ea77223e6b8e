import { Alert, Button, Form, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useResetPasswordMutation } from './api';
import { PasswordFields } from './SignUpForm';
import { usePreparePassword } from './usePreparePassword';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [reset, { isLoading }] = useResetPasswordMutation();
  const preparePassword = usePreparePassword();
  const navigate = useNavigate();

  const submit = async ({ password }: { password: string }) => {
    try {
      const answer = await reset({ body: { token: token!, password: await preparePassword(password) } }).unwrap();
      toast.success(answer.message);
      navigate('/auth/login', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Choose a new password
      </Typography.Title>
      {token ? (
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <PasswordFields label="New password" />
          <Button type="primary" htmlType="submit" block loading={isLoading}>
            Save new password
          </Button>
        </Form>
      ) : (
        <Alert
          type="error"
          showIcon
          title="This reset link is incomplete."
          description={<Link to="/auth/forgot-password">Ask for a new link</Link>}
        />
      )}
    </>
  );
}
