import { Messages } from '@limelight/contracts';
import { Button, Card, Form, Input } from 'antd';
import { useAppSelector } from '../../app/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PasswordFields } from '../auth/RegisterPage';
import { usePreparePassword } from '../auth/usePreparePassword';
import { useChangePasswordMutation } from './api';

type PasswordForm = { currentPassword: string; password: string; confirm: string };

export function ChangePasswordCard() {
  const user = useAppSelector((state) => state.session.user)!;
  const [changePassword, changing] = useChangePasswordMutation();
  const preparePassword = usePreparePassword();
  const [form] = Form.useForm<PasswordForm>();

  const save = async (values: PasswordForm) => {
    try {
      await changePassword({
        currentPassword: await preparePassword(values.currentPassword),
        password: await preparePassword(values.password),
        source: user.isPerformer ? 'performer' : 'user',
      }).unwrap();
      form.resetFields();
      toast.success(Messages.changesSaved);
    } catch (error) {
      toast.error(errorMessage(error, Messages.genericError));
    }
  };

  return (
    <Card title="Password">
      <Form<PasswordForm> form={form} layout="vertical" requiredMark={false} onFinish={save}>
        <Form.Item name="currentPassword" label="Current password" rules={[{ required: true, message: 'Enter your current password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <PasswordFields label="New password" />
        <Button type="primary" htmlType="submit" loading={changing.isLoading}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
