import { Messages, registerUserSchema } from '@limelight/contracts';
import { Alert, Button, Card, Col, Form, Input, Row, Typography } from 'antd';
import { useAppSelector } from '../../app/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { PasswordFields } from '../auth/RegisterPage';
import { usePreparePassword } from '../auth/usePreparePassword';
import { useChangePasswordMutation, useUpdateAccountMutation } from './api';

type ProfileForm = { name: string; username: string; email: string };
type PasswordForm = { currentPassword: string; password: string; confirm: string };
const fields = registerUserSchema.shape;

/** `/user/account` and `/creator/account`: the account's own details and password. */
export default function AccountPage() {
  const user = useAppSelector((state) => state.session.user)!;
  const [update, updating] = useUpdateAccountMutation();
  const [changePassword, changing] = useChangePasswordMutation();
  const preparePassword = usePreparePassword();
  const [passwordForm] = Form.useForm<PasswordForm>();
  const incomplete = !user.email || !user.username;

  const saveProfile = async (values: ProfileForm) => {
    try {
      await update(values).unwrap();
      toast.success(Messages.changesSaved);
    } catch (error) {
      toast.error(errorMessage(error, Messages.genericError));
    }
  };

  const savePassword = async (values: PasswordForm) => {
    try {
      await changePassword({
        currentPassword: await preparePassword(values.currentPassword),
        password: await preparePassword(values.password),
        source: user.isPerformer ? 'performer' : 'user',
      }).unwrap();
      passwordForm.resetFields();
      toast.success(Messages.changesSaved);
    } catch (error) {
      toast.error(errorMessage(error, Messages.genericError));
    }
  };

  return (
    <div className="page-narrow">
      <Typography.Title level={2}>{user.isPerformer ? 'Creator account' : 'Your account'}</Typography.Title>
      {incomplete && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Complete your account"
          description="Add a username and an e-mail address to get the most out of the site."
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Profile">
            <Form<ProfileForm>
              layout="vertical"
              requiredMark={false}
              initialValues={{ name: user.name, username: user.username ?? '', email: user.email ?? '' }}
              onFinish={saveProfile}
            >
              <Form.Item name="name" label="Display name" rules={[zodRule(fields.name, 'Display name')]}>
                <Input />
              </Form.Item>
              <Form.Item name="username" label="Username" rules={[zodRule(fields.username, 'Username')]}>
                <Input />
              </Form.Item>
              <Form.Item
                name="email"
                label="E-mail"
                rules={[zodRule(fields.email, 'E-mail')]}
                extra={user.email && !user.verifiedEmail ? 'Not verified yet: check your inbox for the link.' : undefined}
              >
                <Input type="email" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={updating.isLoading}>
                Save changes
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Password">
            <Form<PasswordForm> form={passwordForm} layout="vertical" requiredMark={false} onFinish={savePassword}>
              <Form.Item
                name="currentPassword"
                label="Current password"
                rules={[{ required: true, message: 'Enter your current password' }]}
              >
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <PasswordFields label="New password" />
              <Button type="primary" htmlType="submit" loading={changing.isLoading}>
                Change password
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
