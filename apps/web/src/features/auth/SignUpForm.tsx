import { registerPerformerSchema, registerUserSchema } from '@limelight/contracts';
import { Button, Form, Input, Progress, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { loginUrl } from '../../shared/lib/navigation';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { RecaptchaField } from '../../shared/ui/RecaptchaField';
import { AgreementFields } from './AgreementFields';
import type { Registered } from './api';
import { SocialButtons } from './SocialButtons';
import { usePreparePassword } from './usePreparePassword';
import { useFinishRegistration, useRedirect } from './useSessionActions';

/** What every sign-up asks; a role's own fields come beside these. */
export type SignUpValues = {
  name: string;
  username: string;
  email: string;
  password: string;
  confirm: string;
  recaptchaToken?: string;
  ageConfirmed: true;
  termsAccepted: true;
};

/** What tells the two sign-ups apart besides their own fields and how they are sent. */
const roles = {
  user: { title: 'Sign up as a fan', submit: 'Create account', usernameHelp: undefined, fields: registerUserSchema.shape },
  performer: {
    title: 'Become a creator',
    submit: 'Create creator account',
    usernameHelp: 'Your page will be at /username',
    fields: registerPerformerSchema.shape,
  },
} as const;

/**
 * The one sign-up form, for a fan (`user`) or a creator (`performer`, `accountRole`): the account's fields, the
 * role's own (`roleFields`, which the creator's page brings, so the fan's page loads none of
 * them), the agreements and the robot check; `register` sends it the role's way, with the password
 * prepared. Signed in at once unless the e-mail must be verified first (useFinishRegistration).
 */
export function SignUpForm<Values extends SignUpValues>({
  accountRole,
  roleFields,
  register,
  busy,
  progress,
}: {
  accountRole: keyof typeof roles;
  roleFields?: ReactNode;
  register: (values: Values, password: string, redirect?: string) => Promise<Registered>;
  busy: boolean;
  /** How far an upload has gone, while one goes. */
  progress?: number;
}) {
  const { title, submit: submitLabel, usernameHelp, fields } = roles[accountRole];
  const redirect = useRedirect();
  const finishRegistration = useFinishRegistration();
  const preparePassword = usePreparePassword();
  const [form] = Form.useForm<SignUpValues>();

  const submit = async (values: SignUpValues) => {
    try {
      const password = await preparePassword(values.password);
      // The form holds the role's fields too (roleFields): its values are the role's.
      const registered = await register(values as Values, password, redirect);
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
        {title}
      </Typography.Title>
      <Form<SignUpValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="name" label="Display name" rules={[zodRule(fields.name, 'Display name')]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item name="username" label="Username" extra={usernameHelp} rules={[zodRule(fields.username, 'Username')]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item name="email" label="E-mail" rules={[zodRule(fields.email, 'E-mail')]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <PasswordFields />
        {roleFields}
        <AgreementFields />
        <RecaptchaField />
        {progress !== undefined && <Progress percent={progress} aria-label="Upload progress" />}
        <Button type="primary" htmlType="submit" block loading={busy}>
          {submitLabel}
        </Button>
      </Form>
      <SocialButtons accountRole={accountRole} />
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
