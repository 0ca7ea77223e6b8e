import { Messages, registerUserSchema } from '@limelight/contracts';
import { Alert, Button, Card, Col, Form, Input, Row } from 'antd';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { PageTitle } from '../../shared/ui/PageTitle';
import { NotificationSettingsCard } from '../notifications';
import { useUpdateCurrentUserMutation } from './api';
import { ChangePasswordCard } from './ChangePasswordCard';
import { DeleteAccountCard } from './DeleteAccountCard';
import { EmailChangeField, useEmailChange } from './EmailChangeField';
import { ImageUpload } from './ImageUpload';
import { PasskeysCard } from './PasskeysCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

type ProfileForm = { name: string; username: string; email: string; currentPassword?: string };
const fields = registerUserSchema.shape;

/** `/user/account`: a fan's own details and password. */
export default function AccountPage() {
  const user = useAppSelector((state) => state.session.user)!;
  const [update, updating] = useUpdateCurrentUserMutation();
  const [form] = Form.useForm<ProfileForm>();
  const emailChange = useEmailChange();
  const incomplete = !user.email || !user.username;

  const saveProfile = async ({ email, currentPassword, ...values }: ProfileForm) => {
    try {
      const change = await emailChange.body({ email, currentPassword });
      await update({ body: { ...values, ...change } }).unwrap();
      toast.success(Messages.changesSaved);
      emailChange.announce(change, (reset) => form.setFieldsValue({ ...reset, email: reset.email ?? '' }));
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error, Messages.genericError));
    }
  };

  return (
    <div className="page-narrow">
      <PageTitle>Your account</PageTitle>
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
            <div style={{ marginBottom: 16 }}>
              <ImageUpload kind="avatar" current={user.avatar} label="Avatar" />
            </div>
            <Form<ProfileForm>
              form={form}
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
              <EmailChangeField />
              <Button type="primary" htmlType="submit" loading={updating.isLoading}>
                Save changes
              </Button>
            </Form>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <ChangePasswordCard />
        </Col>
        <Col xs={24} lg={12}>
          <TwoFactorCard />
        </Col>
        <Col xs={24} lg={12}>
          <PasskeysCard />
        </Col>
        <Col span={24}>
          <SessionsCard />
        </Col>
        <Col span={24}>
          <NotificationSettingsCard />
        </Col>
        <Col span={24}>
          <DeleteAccountCard />
        </Col>
      </Row>
    </div>
  );
}
