import {
  Messages,
  type MessagesFrom,
  type Option,
  type PerformerAccount,
  performerAttributeFields,
  performerOptionSets,
  type RevisedProfileField,
  registerUserSchema,
  type UpdatePerformerInput,
  updatePerformerSchema,
} from '@limelight/contracts';
import { Alert, Button, Card, Col, DatePicker, Flex, Form, Input, Radio, Row, Select, Skeleton, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { UpdateMyCreatorAccountApiArg } from '../../shared/api/generated/performers';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { formatTokens } from '../../shared/lib/money';
import { errorMessage, toast } from '../../shared/lib/toast';
import { zodRule } from '../../shared/lib/zod-rule';
import { AmountInput, amountRules } from '../../shared/ui/AmountInput';
import { PageTitle } from '../../shared/ui/PageTitle';
import { ResponsiveTabs } from '../../shared/ui/ResponsiveTabs';
import { useCountryName } from '../lookups';
import { NotificationSettingsCard } from '../notifications';
import { ChangePasswordCard } from './ChangePasswordCard';
import { useGetMyCreatorAccountQuery, useUpdateMyCreatorAccountMutation } from './creator-api';
import { DeleteAccountCard } from './DeleteAccountCard';
import { DocumentsTab } from './DocumentsTab';
import { EmailChangeField, useEmailChange } from './EmailChangeField';
import { ImageUpload } from './ImageUpload';
import { LocationFields } from './LocationFields';
import { PasskeysCard } from './PasskeysCard';
import { ProfileReviewBanner } from './ProfileReviewBanner';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';
import { WelcomeVideoUpload } from './WelcomeVideoUpload';

type ProfileBody = UpdateMyCreatorAccountApiArg['body'];
type ProfileForm = Omit<ProfileBody, 'dateOfBirth'> & { dateOfBirth?: Dayjs };
const fields = { ...registerUserSchema.shape, ...updatePerformerSchema.shape };
const select = (options: Option[]) => ({ options, allowClear: true, placeholder: 'Choose', showSearch: { optionFilterProp: 'label' } });

/** Empty inputs mean "not set" to the API: null, not an empty string. */
const nullIfBlank = <T,>(value: T) => (value === '' || value === undefined ? null : value);

/** What fans see of a field while a new value of it is in review (decision 055); nothing otherwise. */
function publicNote(account: PerformerAccount, field: RevisedProfileField, show: (value: string) => string = (value) => value) {
  const revision = account.profileRevision;
  if (revision?.status !== 'pending' || revision.changes[field] === undefined) return undefined;
  const value = account[field];
  return `In review. Fans see: ${value ? show(value) : 'nothing'}`;
}

function ProfileTab({ account }: { account: PerformerAccount }) {
  const [form] = Form.useForm<ProfileForm>();
  const [update, { isLoading }] = useUpdateMyCreatorAccountMutation();
  const emailChange = useEmailChange();
  const countryName = useCountryName();
  const revision = account.profileRevision;
  const pending = revision?.status === 'pending' ? revision : null;
  const save = async ({ dateOfBirth, email, currentPassword, ...values }: ProfileForm) => {
    const change = await emailChange.body({ email, currentPassword });
    const body: ProfileBody = { ...values, ...change, dateOfBirth: dateOfBirth?.format('YYYY-MM-DD') };
    for (const key of [
      'state',
      'city',
      'address',
      'zipcode',
      'phone',
      'phoneCode',
      'country',
      ...performerAttributeFields.map(({ name }) => name),
    ] as const) {
      (body as Record<string, unknown>)[key] = nullIfBlank(body[key as keyof ProfileBody]);
    }
    try {
      const saved = await update({ body }).unwrap();
      // A reviewed creator's words wait for an admin: say so, not "saved" (decision 055).
      const sent = saved.profileRevision?.status === 'pending' && saved.profileRevision.submittedAt !== pending?.submittedAt;
      toast.success(sent ? 'Sent for review: fans see your changes once an administrator approves them' : Messages.changesSaved);
      emailChange.announce(change, (reset) => form.setFieldsValue({ ...reset, email: reset.email ?? undefined }));
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error, Messages.genericError));
    }
  };
  return (
    <>
      <ProfileReviewBanner revision={revision} />
      <Flex gap={32} wrap style={{ marginBottom: 24 }}>
        <ImageUpload kind="avatar" current={account.avatar} label="Avatar" creator pending={pending?.avatar} />
        <ImageUpload kind="cover" current={account.cover} label="Cover" creator pending={pending?.cover} />
        <WelcomeVideoUpload account={account} />
      </Flex>
      <Form<ProfileForm>
        // The values in review are the form's (the creator keeps editing them); a decision or a withdrawal starts it afresh.
        key={revision ? `${revision.status}-${revision.submittedAt}` : 'public'}
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={save}
        initialValues={{ ...account, ...pending?.changes, dateOfBirth: account.dateOfBirth ? dayjs(account.dateOfBirth) : undefined }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label="Display name" rules={[zodRule(fields.name, 'Display name')]} extra={publicNote(account, 'name')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="username" label="Username" rules={[zodRule(fields.username, 'Username')]}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <EmailChangeField />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="dateOfBirth" label="Date of birth">
              <DatePicker style={{ width: '100%' }} disabledDate={(date) => date.isAfter(dayjs().subtract(18, 'year'))} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="bio" label="About you" rules={[zodRule(fields.bio, 'About you')]} extra={publicNote(account, 'bio')}>
              <Input.TextArea rows={4} showCount maxLength={2000} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="gender" label="Gender">
              <Select options={performerOptionSets.genders} />
            </Form.Item>
          </Col>
          <LocationFields
            form={form}
            notes={{
              country: publicNote(account, 'country', countryName),
              state: publicNote(account, 'state'),
              city: publicNote(account, 'city'),
            }}
          />
          {performerAttributeFields.map(({ name, label, options }) => (
            <Col key={name} xs={12} md={6}>
              <Form.Item name={name} label={label}>
                <Select {...select(options)} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={8} md={4}>
            <Form.Item name="phoneCode" label="Phone code" rules={[zodRule(fields.phoneCode.unwrap(), 'Phone code')]}>
              <Input placeholder="+44" />
            </Form.Item>
          </Col>
          <Col xs={16} md={8}>
            <Form.Item name="phone" label="Phone" rules={[zodRule(fields.phone.unwrap(), 'Phone')]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="hiddenFromSearchEngines"
          label="Hide my page from search engines"
          valuePropName="checked"
          extra="Google and other search engines stop listing your page and posts. Fans with a link still reach them."
        >
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save profile
        </Button>
      </Form>
    </>
  );
}

type PricesForm = Pick<UpdatePerformerInput, 'monthlyPrice' | 'threeMonthPrice' | 'sixMonthPrice' | 'yearlyPrice' | 'isFreeSubscription'>;

function SubscriptionTab({ account }: { account: PerformerAccount }) {
  const { data: settings } = usePublicSettingsQuery();
  const [form] = Form.useForm<PricesForm>();
  const [update, { isLoading }] = useUpdateMyCreatorAccountMutation();
  const min = settings?.minimumSubscriptionPrice ?? 0;
  const max = settings?.maximumSubscriptionPrice ?? 0;
  const save = async (values: PricesForm) => {
    try {
      await update({ body: values }).unwrap();
      toast.success(Messages.changesSaved);
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error, Messages.genericError));
    }
  };
  const price = (name: keyof PricesForm, label: string) => (
    <Col xs={12} md={6}>
      <Form.Item
        name={name}
        label={label}
        normalize={nullIfBlank}
        rules={amountRules({ what: 'A plan price', min, max, format: formatTokens, optional: true })}
      >
        <AmountInput step={0.01} suffix="tokens" style={{ width: '100%' }} placeholder="Not offered" />
      </Form.Item>
    </Col>
  );
  return (
    <Form<PricesForm> form={form} layout="vertical" requiredMark={false} onFinish={save} initialValues={account}>
      <Typography.Paragraph type="secondary">
        Each plan costs between {formatTokens(min)} and {formatTokens(max)}. Leave a plan empty not to offer it.
      </Typography.Paragraph>
      <Row gutter={16}>
        {price('monthlyPrice', '1 month')}
        {price('threeMonthPrice', '3 months')}
        {price('sixMonthPrice', '6 months')}
        {price('yearlyPrice', '12 months')}
      </Row>
      {settings?.freeSubscriptionEnabled && (
        <Form.Item
          name="isFreeSubscription"
          label={`Offer a free trial of ${settings.freeSubscriptionDuration} day${settings.freeSubscriptionDuration === 1 ? '' : 's'}`}
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={isLoading}>
        Save prices
      </Button>
    </Form>
  );
}

const messagesFromChoices: Array<{ value: MessagesFrom; label: string; help: string }> = [
  { value: 'subscribers', label: 'Subscribers', help: 'Only fans who subscribe to you may start a conversation.' },
  { value: 'followers', label: 'Followers and subscribers', help: 'Fans who follow you may write too, before they subscribe.' },
  { value: 'everyone', label: 'Everyone', help: 'Any fan may write to you (blocked fans never can).' },
];

/** Who may start a conversation with the creator; they may always write first to fans who follow or subscribe. */
function MessagesTab({ account }: { account: PerformerAccount }) {
  const [update, { isLoading }] = useUpdateMyCreatorAccountMutation();
  const [choice, setChoice] = useState<MessagesFrom>(account.messagesFrom);
  const save = () =>
    update({ body: { messagesFrom: choice } })
      .unwrap()
      .then(() => toast.success(Messages.changesSaved))
      .catch((error: unknown) => toast.error(errorMessage(error, Messages.genericError)));
  return (
    <Flex vertical gap={16} align="flex-start">
      <Typography.Text id="messages-from-label" strong>
        Who may message you
      </Typography.Text>
      <Radio.Group value={choice} onChange={(event) => setChoice(event.target.value)} aria-labelledby="messages-from-label">
        <Flex vertical gap={8}>
          {messagesFromChoices.map((option) => (
            <Radio key={option.value} value={option.value}>
              {option.label}
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {option.help}
              </Typography.Text>
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
      <Typography.Text type="secondary">You can always write first to fans who follow or subscribe to you.</Typography.Text>
      <Button type="primary" onClick={save} loading={isLoading} disabled={choice === account.messagesFrom}>
        Save
      </Button>
    </Flex>
  );
}

/** `/creator/account`: everything on the creator's page, the plans, and the password. */
export default function CreatorAccountPage() {
  const { data: account, isLoading } = useGetMyCreatorAccountQuery();
  const [params, setParams] = useSearchParams();
  if (isLoading || !account) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <div className="page-narrow">
      <PageTitle>Creator account</PageTitle>
      {(!account.email || !account.username) && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="Complete your account"
          description="Add a username and an e-mail address: your page lives at /username."
        />
      )}
      <Card>
        <ResponsiveTabs
          selectLabel="Section"
          activeKey={params.get('tab') ?? 'profile'}
          onChange={(tab) => setParams({ tab })}
          items={[
            { key: 'profile', label: 'Profile', children: <ProfileTab account={account} /> },
            { key: 'subscription', label: 'Subscription', children: <SubscriptionTab account={account} /> },
            { key: 'documents', label: 'Documents', children: <DocumentsTab account={account} /> },
            { key: 'messages', label: 'Messages', children: <MessagesTab account={account} /> },
            { key: 'notifications', label: 'Notifications', children: <NotificationSettingsCard /> },
            {
              key: 'security',
              label: 'Security',
              children: (
                <Flex vertical gap={16}>
                  <ChangePasswordCard />
                  <TwoFactorCard />
                  <PasskeysCard />
                  <SessionsCard />
                  <DeleteAccountCard />
                </Flex>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
