import { CreditCardOutlined, DeleteOutlined } from '@ant-design/icons';
import { SANDBOX_CARDS, type SandboxCardInput } from '@limelight/contracts';
import { Alert, Button, Card, Empty, Flex, Form, Input, List, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { AmountInput, amountRules } from '../../shared/ui/AmountInput';
import { usePublicSettingsQuery } from '../settings/api';
import { useAddCardMutation, useCardsQuery, useRemoveCardMutation, useSetDefaultCardMutation } from './api';

// Stripe's form and its React bindings load only on sites that take cards through Stripe.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** The fan's saved cards and the form to add one: the site's gateway decides which form. */
export function CardsPanel() {
  const { data, isLoading } = useCardsQuery();
  const [remove] = useRemoveCardMutation();
  const [setDefault, settingDefault] = useSetDefaultCardMutation();
  const [adding, setAdding] = useState(false);
  return (
    <Card
      title="Cards"
      extra={
        !adding && (
          <Button icon={<CreditCardOutlined />} onClick={() => setAdding(true)}>
            Add card
          </Button>
        )
      }
    >
      {adding && <AddCardForm onDone={() => setAdding(false)} />}
      <List
        loading={isLoading}
        dataSource={data?.data}
        locale={{ emptyText: <Empty description="No card yet: add one to top up your wallet." /> }}
        renderItem={(card) => (
          <List.Item
            actions={[
              !card.isDefault && (
                <Button
                  key="default"
                  type="link"
                  loading={settingDefault.isLoading && settingDefault.originalArgs === card._id}
                  aria-label={`Make ${card.brand} ending ${card.last4} the default`}
                  onClick={() =>
                    setDefault(card._id)
                      .unwrap()
                      .then(() => toast.success(`${card.brand} •••• ${card.last4} is your default card`))
                      .catch((error: unknown) => toast.error(errorMessage(error)))
                  }
                >
                  Make default
                </Button>
              ),
              <Popconfirm
                key="remove"
                title="Remove this card?"
                onConfirm={() =>
                  remove(card._id)
                    .unwrap()
                    .then(() => toast.success('Card removed'))
                    .catch((error: unknown) => toast.error(errorMessage(error)))
                }
              >
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Remove ${card.brand} ending ${card.last4}`} />
              </Popconfirm>,
            ]}
          >
            <Flex gap={8} align="center">
              <CreditCardOutlined />
              <Typography.Text>
                {card.brand} •••• {card.last4}
              </Typography.Text>
              <Typography.Text type="secondary">
                {String(card.expMonth).padStart(2, '0')}/{card.expYear}
              </Typography.Text>
              {card.isDefault && <Tag color="blue">Default</Tag>}
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

function AddCardForm({ onDone }: { onDone: () => void }) {
  const { data: settings } = usePublicSettingsQuery();
  if (!settings) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (settings.activePaymentGateway === 'stripe') {
    if (!settings.stripePublishableKey) {
      return (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Cards cannot be added yet: the site's Stripe setup is unfinished."
        />
      );
    }
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
        <StripeCardForm publishableKey={settings.stripePublishableKey} onDone={onDone} />
      </Suspense>
    );
  }
  if (settings.activePaymentGateway === 'sandbox') return <SandboxCardForm onDone={onDone} />;
  return <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="This site does not take cards yet." />;
}

/** Test mode: the sandbox gateway takes its test card numbers and moves no money. */
function SandboxCardForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<SandboxCardInput>();
  const [add, { isLoading }] = useAddCardMutation();
  const submit = async (values: SandboxCardInput) => {
    try {
      const card = await add({ gateway: 'sandbox', card: values }).unwrap();
      toast.success(`${card.brand} •••• ${card.last4} added`);
      onDone();
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error));
    }
  };
  return (
    <Form<SandboxCardInput>
      form={form}
      name="add-card"
      layout="vertical"
      onFinish={submit}
      requiredMark={false}
      style={{ marginBottom: 16 }}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="Test mode: no money moves"
        description={`Pay with ${SANDBOX_CARDS.success}; ${SANDBOX_CARDS.declined} is declined; ${SANDBOX_CARDS.authentication} asks you to confirm.`}
      />
      <Form.Item name="number" label="Card number" rules={[{ required: true, message: 'Enter the card number' }]}>
        <Input inputMode="numeric" autoComplete="cc-number" maxLength={23} />
      </Form.Item>
      <Flex gap={8} wrap>
        <Form.Item name="expMonth" label="Month" rules={amountRules({ what: 'The month', min: 1, max: 12, unit: '' })}>
          <AmountInput precision={0} placeholder="MM" />
        </Form.Item>
        <Form.Item name="expYear" label="Year" rules={amountRules({ what: 'The year', min: 2000, max: 2100, unit: '' })}>
          <AmountInput precision={0} placeholder="YYYY" />
        </Form.Item>
        <Form.Item name="cvc" label="CVC" rules={[{ required: true, message: 'CVC' }]}>
          <Input inputMode="numeric" autoComplete="cc-csc" maxLength={4} style={{ width: 90 }} />
        </Form.Item>
      </Flex>
      <Form.Item name="holderName" label="Name on card">
        <Input autoComplete="cc-name" maxLength={100} />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Save card
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Flex>
    </Form>
  );
}
