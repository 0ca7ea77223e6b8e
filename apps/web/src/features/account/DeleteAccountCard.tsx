import { HELD_USERNAME_DAYS } from '@limelight/contracts/constants';
import { Alert, Button, Card, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../shared/lib/api';
import { sessionEnded } from '../../shared/lib/session';
import { useAppDispatch, useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { forgetSignedIn } from '../../shared/lib/token';
import { usePreparePassword } from '../auth';
import { useDeleteCurrentUserMutation } from './api';

type DeleteForm = { password?: string; confirm: string; forfeitBalance?: boolean };

/**
 * Deleting the account (decision 047): the password and the username typed out; a creator is
 * told that earnings not paid out are given up unless they request a payout first.
 */
export function DeleteAccountCard() {
  const user = useAppSelector((state) => state.session.user);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<DeleteForm>();
  const [deleteAccount, deleting] = useDeleteCurrentUserMutation();
  const preparePassword = usePreparePassword();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  if (!user) return null;
  const submit = async (values: DeleteForm) => {
    try {
      const answer = await deleteAccount({
        body: {
          confirm: values.confirm,
          forfeitBalance: !!values.forfeitBalance,
          ...(values.password ? { password: await preparePassword(values.password) } : {}),
        },
      }).unwrap();
      forgetSignedIn();
      dispatch(sessionEnded('logout'));
      dispatch(api.util.resetApiState());
      toast.success(answer.message);
      navigate('/auth/login', { replace: true });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <Card title="Delete account">
      <Typography.Paragraph>
        Deleting your account removes your profile{user.isPerformer ? ', posts, videos, galleries, products and stories' : ''} and signs you
        out everywhere. Records of payments are kept. Your username stays reserved for {HELD_USERNAME_DAYS} days. This cannot be undone.
      </Typography.Paragraph>
      <Button danger onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal
        open={open}
        title="Delete your account?"
        okText="Delete my account"
        okButtonProps={{ danger: true, loading: deleting.isLoading }}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} name="delete-account" layout="vertical" onFinish={submit} requiredMark={false}>
          {user.isPerformer && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title="Earnings not yet paid out are given up when you delete your account. Request a payout first to keep them."
            />
          )}
          {user.hasPassword ? (
            <Form.Item name="password" label="Your password" rules={[{ required: true, message: 'Enter your password' }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          ) : (
            <Typography.Paragraph type="secondary">
              Your account has no password: sign in again within 10 minutes before deleting.
            </Typography.Paragraph>
          )}
          <Form.Item
            name="confirm"
            label={`Type your username (${user.username}) to confirm`}
            rules={[{ required: true, message: 'Type your username' }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          {user.isPerformer && (
            <Form.Item name="forfeitBalance" valuePropName="checked">
              <Checkbox>I give up any earnings not paid out</Checkbox>
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Card>
  );
}
