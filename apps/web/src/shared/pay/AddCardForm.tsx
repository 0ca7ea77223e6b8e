import { type PaymentCard, SANDBOX_CARDS, type SandboxCardInput } from '@limelight/contracts';
import { Alert, Button, Flex, Form, Input, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { usePublicSettingsQuery } from '../api/settings';
import { applyFieldErrors } from '../lib/form-errors';
import { formatCard } from '../lib/money';
import { errorMessage, toast } from '../lib/toast';
import { AmountInput, amountRules } from '../ui/AmountInput';
import { useAddPaymentCardMutation } from './api';

// Stripe's form and its React bindings load only on sites that take cards through Stripe.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

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
