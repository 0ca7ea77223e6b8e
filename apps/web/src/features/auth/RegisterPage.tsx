import { registerUserSchema } from '@limelight/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { Link } from 'react-router';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { loginUrl } from '../../shared/lib/navigation';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { RecaptchaField } from '../../shared/ui/RecaptchaField';
import { AgreementFields } from './AgreementFields';
import { useRegisterFanMutation } from './api';
import { SocialButtons } from './SocialButtons';
import { usePreparePassword } from './usePreparePassword';
import { useFinishRegistration, useRedirect } from './useSessionActions';

type RegisterForm = {
  name: string;
  username: string;
  email: string;
  password: string;
  confirm: string;
  recaptchaToken?: string;
  ageConfirmed: true;
  termsAccepted: true;
};
const fields = registerUserSchema.shape;

/** Fan sign-up. Without e-mail verification the fan is signed in straight away. */
export default function RegisterPage() {
  const redirect = useRedirect();
  const [register, { isLoading }] = useRegisterFanMutation();
  const finishRegistration = useFinishRegistration();
  const preparePassword = usePreparePassword();
  const [form] = Form.useForm<RegisterForm>();

  const submit = async ({ confirm: _confirm, ...values }: RegisterForm) => {
    try {
      const password = await preparePassword(values.password);
      const registered = await register({ body: { ...values, password, redirect } }).unwrap();
      await finishRegistration(registered, { username: values.username, password }, redirect);
    } catch (error) {
      applyFieldErrors(form, error);
      form.setFieldValue('recaptchaToken', undefined);
      toast.error(errorMessage(error));
    }
  };

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        Sign up as a fan
      </Typography.Title>
      <Form<RegisterForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="name" label="Display name" rules={[zodRule(fields.name, 'Display name')]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="username" label="Username" rules={[zodRule(fields.username, 'Username')]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="email" label="E-mail" rules={[zodRule(fields.email, 'E-mail')]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <PasswordFields />
        <AgreementFields />
        <RecaptchaField />
        <Button type="primary" htmlType="submit" block loading={isLoading}>
          Create account
        </Button>
      </Form>
      <SocialButtons accountRole="user" />
      <Typography.Paragraph style={{ marginTop: 16, textAlign: 'center' }}>
        Already have an account?{' '}
        <Link to={loginUrl(redirect)} className="inline-link">
          Log in
        </Link>
      </Typography.Paragraph>
    </>
  );
}

export function PasswordFields({ label = 'Password' }: { label?: string }) {
  return (
    <>
      <Form.Item name="password" label={label} rules={[zodRule(registerUserSchema.shape.password, label)]} hasFeedback>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="Confirm password"
        dependencies={['password']}
        hasFeedback
        rules={[
          { required: true, message: 'Confirm the password' },
          ({ getFieldValue }) => ({
            validator: (_rule, value) =>
              !value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error('The passwords do not match')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

/** Puts the API's per-field messages (409 taken, 400 invalid) under the matching inputs. */
