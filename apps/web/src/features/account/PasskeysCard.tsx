import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { Button, Card, Empty, Form, Input, List, Popconfirm, Skeleton } from 'antd';
import { formatMoment } from '../../shared/lib/dates';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import {
  useAddPasskeyMutation,
  useGetPasskeyRegistrationOptionsMutation,
  useListPasskeysQuery,
  useRemovePasskeyMutation,
} from './security-api';

/** Passkeys (decision 048): sign in without a password, or confirm a sign-in instead of a code. */
export function PasskeysCard() {
  const passkeys = useListPasskeysQuery();
  const [options, asking] = useGetPasskeyRegistrationOptionsMutation();
  const [add, adding] = useAddPasskeyMutation();
  const [remove] = useRemovePasskeyMutation();
  const [form] = Form.useForm<{ name: string }>();

  const register = async ({ name }: { name: string }) => {
    try {
      const { challengeId, options: optionsJSON } = await options().unwrap();
      const response = await startRegistration({ optionsJSON: optionsJSON as unknown as PublicKeyCredentialCreationOptionsJSON });
      await add({ body: { challengeId, name, response: response as never } }).unwrap();
      form.resetFields();
      toast.success('Passkey added');
    } catch (error) {
      applyFieldErrors(form, error);
      // The browser's own refusals (cancelled, not allowed) carry a message worth showing as it is.
      toast.error(error instanceof Error ? 'The passkey was not created: the request was cancelled or timed out' : errorMessage(error));
    }
  };

  return (
    <Card title="Passkeys">
      <Form form={form} layout="inline" onFinish={register} aria-label="Add a passkey" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="name" label="Name" rules={[{ required: true, message: 'Name this passkey (e.g. "My laptop")' }]}>
          <Input maxLength={60} placeholder="My laptop" style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={asking.isLoading || adding.isLoading}>
          Add a passkey
        </Button>
      </Form>
      {passkeys.isLoading ? (
        <Skeleton active />
      ) : passkeys.error && !passkeys.data ? (
        <LoadFailed what="Your passkeys" error={passkeys.error} retrying={passkeys.isFetching} onRetry={() => void passkeys.refetch()} />
      ) : passkeys.data?.data.length ? (
        <List
          dataSource={passkeys.data.data}
          renderItem={(key) => (
            <List.Item
              actions={[
                <Popconfirm
                  key="remove"
                  title={`Remove the passkey "${key.name}"?`}
                  okText="Remove"
                  onConfirm={() =>
                    remove({ id: key._id })
                      .unwrap()
                      .then((answer) => toast.success(answer.message))
                      .catch((error: unknown) => toast.error(errorMessage(error)))
                  }
                >
                  <Button danger size="small">
                    Remove
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta
                title={key.name}
                description={`Added ${formatMoment(key.createdAt)}${key.lastUsedAt ? ` · last used ${formatMoment(key.lastUsedAt)}` : ''}`}
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No passkeys yet" />
      )}
    </Card>
  );
}
