import { CreditCardOutlined, DeleteOutlined } from '@ant-design/icons';
import { type PaymentCard, SANDBOX_CARDS, type SandboxCardInput } from '@limelight/contracts';
import { Alert, Button, Card, Empty, Flex, Form, Input, List, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { formatCard } from '../../shared/lib/money';
import { errorMessage, toast } from '../../shared/lib/toast';
import { AmountInput, amountRules } from '../../shared/ui/AmountInput';
import { useAddPaymentCardMutation, useListPaymentCardsQuery, useRemovePaymentCardMutation, useSetDefaultPaymentCardMutation } from './api';

// Stripe's form and its React bindings load only on sites that take cards through Stripe.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/**
 * The fan's saved cards and the form to add one: the site's gateway decides which form. The
 * wallet page holds whether the form is open, so the top-up card can open it too.
 */
export function CardsPanel({ adding, onAddingChange }: { adding: boolean; onAddingChange: (adding: boolean) => void }) {
  const { data, isLoading } = useListPaymentCardsQuery();
  const [remove] = useRemovePaymentCardMutation();
  const [setDefault, settingDefault] = useSetDefaultPaymentCardMutation();
  return (
    <Card
      id="wallet-cards"
      // Clear of the sticky header when the top-up card scrolls here.
      style={{ scrollMarginTop: 80 }}
      title="Cards"
      extra={
        !adding && (
          <Button icon={<CreditCardOutlined aria-hidden />} onClick={() => onAddingChange(true)}>
            Add card
          </Button>
        )
      }
    >
      {adding && <AddCardForm onDone={() => onAddingChange(false)} />}
      <List
        loading={isLoading}
        dataSource={data?.data}
        locale={{ emptyText: <Empty description="No card yet: add one to top up your wallet." /> }}
        renderItem={(card) => (
          // One row that wraps as a whole: the card on the left, its actions together on the right.
          <List.Item>
            <Flex justify="space-between" align="center" gap={8} wrap style={{ width: '100%' }}>
              <Flex gap={8} align="center" wrap>
                <CreditCardOutlined aria-hidden />
                <Typography.Text>{formatCard(card)}</Typography.Text>
                <Typography.Text type="secondary">
                  {String(card.expMonth).padStart(2, '0')}/{card.expYear}
                </Typography.Text>
                {card.isDefault && <Tag color="blue">Default</Tag>}
              </Flex>
              <Flex gap={4} align="center">
                {!card.isDefault && (
                  <Button
                    type="link"
                    size="small"
                    loading={settingDefault.isLoading && settingDefault.originalArgs?.id === card._id}
                    // The accessible name starts with the visible words (WCAG 2.5.3), then says which card.
                    aria-label={`Make default: ${card.brand} ending ${card.last4}`}
                    onClick={() =>
                      setDefault({ id: card._id })
                        .unwrap()
                        .then(() => toast.success(`${formatCard(card)} is your default card`))
                        .catch((error: unknown) => toast.error(errorMessage(error)))
                    }
                  >
                    Make default
                  </Button>
                )}
                <Popconfirm
                  title="Remove this card?"
                  onConfirm={() =>
                    remove({ id: card._id })
                      .unwrap()
                      .then(() => toast.success('Card removed'))
                      .catch((error: unknown) => toast.error(errorMessage(error)))
                  }
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`Remove ${card.brand} ending ${card.last4}`}
                  />
                </Popconfirm>
              </Flex>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The form to add a card with the site's gateway; `onDone` gets the card saved (none when canceled, or saved through Stripe.js). */
export function AddCardForm({ onDone }: { onDone: (card?: PaymentCard) => void }) {
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
        <StripeCardForm publishableKey={settings.stripePublishableKey} onDone={() => onDone()} />
      </Suspense>
    );
  }
  if (settings.activePaymentGateway === 'sandbox') return <SandboxCardForm onDone={onDone} />;
  return <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="This site does not take cards yet." />;
}

/** Test mode: the sandbox gateway takes its test card numbers and moves no money. */
function SandboxCardForm({ onDone }: { onDone: (card?: PaymentCard) => void }) {
  const [form] = Form.useForm<SandboxCardInput>();
  const [add, { isLoading }] = useAddPaymentCardMutation();
  const submit = async (values: SandboxCardInput) => {
    try {
      const card = await add({ gateway: 'sandbox', body: values }).unwrap();
      toast.success(`${formatCard(card)} added`);
      onDone(card);
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
        <Input inputMode="numeric" autoComplete="cc-number" maxLength={23} autoFocus />
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
        <Button onClick={() => onDone()}>Cancel</Button>
      </Flex>
    </Form>
  );
}
