import { registerUserSchema } from '@limelight/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { usePreparePassword } from '../auth';
import { useCancelPendingEmailChangeMutation } from './api';
import { CurrentPasswordField } from './CurrentPasswordField';

const isNewAddress = (typed: string | null | undefined, current: string | null) =>
  !!typed?.trim() && typed.trim().toLowerCase() !== (current ?? '').toLowerCase();

/**
 * The sign-in e-mail inside a profile form (decision 012). A new address needs the current
 * password and takes effect once confirmed from the link sent to it; until then the address
 * waiting for confirmation shows here, with a way to cancel.
 */
export function EmailChangeField() {
  const user = useAppSelector((state) => state.session.user)!;
  const typed = Form.useWatch<string | undefined>('email', Form.useFormInstance());
  const [cancel, cancelling] = useCancelPendingEmailChangeMutation();
  const cancelChange = async () => {
    try {
      await cancel().unwrap();
      toast.success('The e-mail change is cancelled');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <>
      <Form.Item
        name="email"
        label="E-mail"
        rules={[zodRule(registerUserSchema.shape.email, 'E-mail')]}
        extra={user.email && !user.verifiedEmail ? 'Not verified yet: check your inbox for the link.' : undefined}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
      {isNewAddress(typed, user.email) && <CurrentPasswordField extra="Needed to change the e-mail you sign in with." />}
      {user.pendingEmail && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Waiting for you to confirm ${user.pendingEmail}`}
          description="Open the link we sent to that address to sign in with it from now on."
          action={
            <Button size="small" onClick={cancelChange} loading={cancelling.isLoading}>
              Cancel change
            </Button>
          }
        />
      )}
    </>
  );
}

/**
 * Splits a profile form's e-mail from its other fields: the body carries the address (with the
 * current password, prepared as the server expects it) only when it is a new one.
 */
export function useEmailChange() {
  const user = useAppSelector((state) => state.session.user)!;
  const preparePassword = usePreparePassword();
  return {
    body: async ({ email, currentPassword }: { email?: string | null; currentPassword?: string }) =>
      isNewAddress(email, user.email) ? { email: email!.trim(), currentPassword: await preparePassword(currentPassword ?? '') } : {},
    /** After a save that asked for a change: says where the link went and shows the current address again. */
    announce: (body: { email?: string }, reset: (values: { email: string | null; currentPassword?: string }) => void) => {
      if (!body.email) return;
      toast.success(`We sent a link to ${body.email}: your e-mail changes once you open it`);
      reset({ email: user.email, currentPassword: undefined });
    },
  };
}
