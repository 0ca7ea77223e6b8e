import { Messages } from '@limelight/contracts/constants';
import { Alert, Button, Card, Form } from 'antd';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PasswordFields, usePreparePassword, useRequestPasswordResetMutation } from '../auth';
import { useChangePasswordMutation } from './api';
import { CurrentPasswordField } from './CurrentPasswordField';

type PasswordForm = { currentPassword: string; password: string; confirm: string };

/**
 * Changing the password proves the current one and signs out every other device. An account
 * made by social sign-in has none yet: it chooses one from a link e-mailed to it (decision 012).
 */
export function ChangePasswordCard() {
  const user = useAppSelector((state) => state.session.user)!;
  const [changePassword, changing] = useChangePasswordMutation();
  const [sendLink, sending] = useRequestPasswordResetMutation();
  const preparePassword = usePreparePassword();
  const [form] = Form.useForm<PasswordForm>();

  const save = async (values: PasswordForm) => {
    try {
      await changePassword({
        body: {
          currentPassword: await preparePassword(values.currentPassword),
          password: await preparePassword(values.password),
          source: user.isPerformer ? 'performer' : 'user',
        },
      }).unwrap();
      form.resetFields();
      // The catalogue's words (spec 8), and what else the change did.
      toast.success(`${Messages.changesSaved}: every other device was signed out`);
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error, Messages.genericError));
    }
  };

  if (!user.hasPassword) {
    const send = async () => {
      try {
        await sendLink({ body: { email: user.email! } }).unwrap();
        toast.success(`We sent a link to ${user.email} to choose your password`);
      } catch (error) {
        toast.error(errorMessage(error));
      }
    };
    return (
      <Card title="Password">
        <Alert
          type="info"
          showIcon
          title="You sign in with Google or Twitter and have no password yet"
          description={
            user.email
              ? 'To add one, we e-mail you a link: it proves the address is yours.'
              : 'Add an e-mail address to your account first: the link to choose a password goes there.'
          }
          action={
            user.email && (
              <Button size="small" onClick={send} loading={sending.isLoading}>
                E-mail me a link
              </Button>
            )
          }
        />
      </Card>
    );
  }

  return (
    <Card title="Password">
      <Form<PasswordForm> form={form} layout="vertical" requiredMark={false} onFinish={save}>
        <CurrentPasswordField />
        <PasswordFields label="New password" />
        <Button type="primary" htmlType="submit" loading={changing.isLoading}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
