import { PlusOutlined } from '@ant-design/icons';
import { type AdminAccountUpdate, createAdminSchema, formatTokens, walletAdjustmentSchema } from '@limelight/contracts';
import { Button, Card, Checkbox, Descriptions, Drawer, Form, Input, InputNumber, Modal, Radio, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { PageLoading } from '../../shared/ui/PageLoading';
import {
  useAdminAdjustAccountWalletMutation,
  useAdminCreateAdminMutation,
  useAdminGetAccountQuery,
  useAdminImpersonateAccountMutation,
  useAdminUpdateAccountMutation,
} from './console-api';
import { accountStatusWords, wordsOf } from './labels';
import { ReasonModal } from './ReasonModal';

type ProfileForm = {
  name: string;
  username: string;
  email: string;
  role: 'user' | 'performer';
  commission: number | null;
  reviewBeforePublication: boolean;
};

const profileFields = createAdminSchema.shape;

/** An account as the admin manages it: profile, role, commission, wallet, and log in as. */
export function AccountDrawer({ id, onClose }: { id?: string; onClose: () => void }) {
  const { data, isFetching } = useAdminGetAccountQuery({ id: id ?? '' }, { skip: !id });
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      title={data && data._id === id ? `Manage ${data.username ? `@${data.username}` : data.name}` : 'Manage account'}
      size="large"
      destroyOnHidden
    >
      {!data || (isFetching && data._id !== id) ? (
        <PageLoading />
      ) : (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'balance', label: 'Wallet', children: formatTokens(data.balance) },
              {
                key: 'status',
                label: 'Status',
                children: (
                  <Tag color={wordsOf(accountStatusWords, data.status).color}>{wordsOf(accountStatusWords, data.status).label}</Tag>
                ),
              },
            ]}
          />
          <ProfileCard key={data._id} account={data} />
          <WalletCard id={data._id} />
          <LogInAsCard id={data._id} name={data.username ?? data.name} />
        </Space>
      )}
    </Drawer>
  );
}

function ProfileCard({ account }: { account: NonNullable<ReturnType<typeof useAdminGetAccountQuery>['data']> }) {
  const [form] = Form.useForm<ProfileForm>();
  const [update, { isLoading }] = useAdminUpdateAccountMutation();
  const role = Form.useWatch('role', form) ?? account.role;
  const submit = async (values: ProfileForm) => {
    const body: AdminAccountUpdate = { name: values.name, username: values.username, email: values.email, role: values.role };
    if (values.role === 'performer') {
      body.commission = values.commission === null || values.commission === undefined ? null : Math.round(values.commission * 100) / 10_000;
      body.reviewBeforePublication = !!values.reviewBeforePublication;
    }
    try {
      await update({ id: account._id, body }).unwrap();
      toast.success('Changes saved');
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error));
    }
  };
  return (
    <Card title="Profile" size="small">
      <Form<ProfileForm>
        form={form}
        name="account-profile"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{
          name: account.name,
          username: account.username ?? '',
          email: account.email ?? '',
          role: account.role === 'performer' ? 'performer' : 'user',
          commission: account.commission === null ? null : Math.round(account.commission * 10_000) / 100,
          reviewBeforePublication: account.reviewBeforePublication ?? false,
        }}
      >
        <Form.Item name="name" label="Name" rules={[zodRule(profileFields.name, 'Name')]}>
          <Input />
        </Form.Item>
        <Form.Item name="username" label="Username" rules={[zodRule(profileFields.username, 'Username')]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="email"
          label="E-mail"
          extra="A new address stays unverified until its owner opens the link e-mailed to it; the old address is told."
          rules={[zodRule(profileFields.email, 'E-mail')]}
        >
          <Input type="email" />
        </Form.Item>
        <Form.Item name="role" label="Role">
          <Select
            options={[
              { value: 'user', label: 'Fan' },
              { value: 'performer', label: 'Creator' },
            ]}
          />
        </Form.Item>
        {role === 'performer' && (
          <Form.Item
            name="commission"
            label={`Commission, % (empty: the site's ${Math.round(account.siteCommission * 10_000) / 100} %)`}
            extra="The platform's share of each of this creator's sales, 0 to 100 %."
          >
            <InputNumber min={0} max={100} step={0.5} precision={2} style={{ width: 160 }} />
          </Form.Item>
        )}
        {role === 'performer' && (
          <Form.Item
            name="reviewBeforePublication"
            valuePropName="checked"
            extra="Their new posts, stories, videos, galleries, products and profile changes wait for an admin while the site's Review before publication setting (Settings) is anything but Nobody."
          >
            <Checkbox>Review before publication</Checkbox>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save profile
        </Button>
      </Form>
    </Card>
  );
}

type WalletForm = { direction: 'credit' | 'debit'; amount: number; reason: string };

function WalletCard({ id }: { id: string }) {
  const [form] = Form.useForm<WalletForm>();
  const [adjust, { isLoading }] = useAdminAdjustAccountWalletMutation();
  // One key per intended adjustment: a retry of the same submit moves the money once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const submit = async (values: WalletForm) => {
    try {
      const result = await adjust({ id, 'idempotency-key': key, body: values }).unwrap();
      toast.success(`Wallet now holds ${formatTokens(result.balance)}`);
      form.resetFields();
      setKey(crypto.randomUUID());
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error));
    }
  };
  return (
    <Card title="Wallet adjustment" size="small">
      <Form<WalletForm>
        form={form}
        name="wallet-adjustment"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ direction: 'credit' }}
      >
        <Form.Item name="direction" label="Direction">
          <Radio.Group
            options={[
              { value: 'credit', label: 'Credit' },
              { value: 'debit', label: 'Debit' },
            ]}
          />
        </Form.Item>
        <Form.Item name="amount" label="Amount (tokens)" rules={[zodRule(walletAdjustmentSchema.shape.amount, 'Amount')]}>
          <InputNumber min={0.01} step={1} precision={2} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="reason" label="Reason (recorded)" rules={[zodRule(walletAdjustmentSchema.shape.reason, 'Reason')]}>
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Button htmlType="submit" loading={isLoading}>
          Adjust wallet
        </Button>
      </Form>
    </Card>
  );
}

function LogInAsCard({ id, name }: { id: string; name: string }) {
  const [asking, setAsking] = useState(false);
  const [impersonate, { isLoading }] = useAdminImpersonateAccountMutation();
  return (
    <Card title="Log in as" size="small">
      <p>
        Opens a session as @{name} in a new tab, with a banner while it lasts. This tab's session is replaced: sign in again afterwards.
      </p>
      <Button onClick={() => setAsking(true)}>Log in as @{name}</Button>
      <ReasonModal
        open={asking}
        title={`Log in as @${name}`}
        okText="Log in as"
        loading={isLoading}
        onCancel={() => setAsking(false)}
        onSubmit={async ({ reason }) => {
          try {
            const { url } = await impersonate({ id, body: { reason } }).unwrap();
            setAsking(false);
            window.open(new URL(url).pathname + new URL(url).search, '_blank', 'noopener');
          } catch (error) {
            toast.error(errorMessage(error));
          }
        }}
      />
    </Card>
  );
}

type AdminForm = { name: string; username: string; email: string };

/** Makes another admin, who chooses a password from the link e-mailed to them. */
export function NewAdminButton() {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<AdminForm>();
  const [create, { isLoading }] = useAdminCreateAdminMutation();
  const submit = async (values: AdminForm) => {
    try {
      toast.success((await create({ body: values }).unwrap()).message);
      setOpen(false);
      form.resetFields();
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error));
    }
  };
  return (
    <>
      <Button icon={<PlusOutlined aria-hidden />} onClick={() => setOpen(true)}>
        New admin
      </Button>
      <Modal
        open={open}
        title="New admin"
        okText="Create and e-mail the link"
        confirmLoading={isLoading}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        forceRender
      >
        <Form<AdminForm> form={form} name="new-admin" layout="vertical" requiredMark={false} onFinish={submit}>
          <Form.Item name="name" label="Name" rules={[zodRule(createAdminSchema.shape.name, 'Name')]}>
            <Input />
          </Form.Item>
          <Form.Item name="username" label="Username" rules={[zodRule(createAdminSchema.shape.username, 'Username')]}>
            <Input />
          </Form.Item>
          <Form.Item name="email" label="E-mail" rules={[zodRule(createAdminSchema.shape.email, 'E-mail')]}>
            <Input type="email" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
