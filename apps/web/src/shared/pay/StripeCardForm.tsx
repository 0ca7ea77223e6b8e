import type { StripeCardInput } from '@limelight/contracts';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementOptions } from '@stripe/stripe-js';
import { Alert, Button, Flex, Form, Input, Skeleton, theme } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { formatCard } from '../lib/money';
import { errorMessage, toast } from '../lib/toast';
import { useAddPaymentCardMutation } from './api';
import { stripeJs } from './stripe-js';

/**
 * Adding a card through Stripe: the number never touches our servers. Stripe's card Element
 * collects it, Stripe.js turns it into a payment method, and the API attaches that to the fan.
 */
export default function StripeCardForm({ publishableKey, onDone }: { publishableKey: string; onDone: () => void }) {
  const [stripe, setStripe] = useState<Stripe | 'failed'>();
  useEffect(() => {
    let current = true;
    stripeJs(publishableKey).then(
      (loaded) => current && setStripe(loaded),
      () => current && setStripe('failed'),
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);
  if (stripe === 'failed') {
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginBottom: 16 }}
        title="Stripe's card form could not load"
        description="Check your connection (or an ad blocker) and try again."
        action={<Button onClick={onDone}>Close</Button>}
      />
    );
  }
  if (!stripe) return <Skeleton active paragraph={{ rows: 2 }} aria-label="Loading Stripe's card form" />;
  return (
    <Elements stripe={stripe}>
      <CardForm onDone={onDone} />
    </Elements>
  );
}

function CardForm({ onDone }: { onDone: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [add] = useAddPaymentCardMutation();
  const [holderName, setHolderName] = useState('');
  const [complete, setComplete] = useState(false);
  const [cardError, setCardError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const { token } = theme.useToken();
  // Stripe's Element is an iframe: it takes the theme's colours as options, not from our CSS.
  const options = useMemo<StripeCardElementOptions>(
    () => ({
      hidePostalCode: true,
      style: {
        base: {
          color: token.colorText,
          fontFamily: token.fontFamily,
          fontSize: `${token.fontSize}px`,
          '::placeholder': { color: token.colorTextPlaceholder },
        },
        invalid: { color: token.colorError },
      },
    }),
    [token],
  );

  const save = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setSaving(true);
    try {
      const { paymentMethod, error } = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: holderName.trim() ? { name: holderName.trim() } : {},
      });
      if (error) {
        setCardError(error.message ?? 'This card was refused');
        return;
      }
      // The document leaves a card's body open (each gateway takes its own): the contract checks it here.
      const saved = await add({ gateway: 'stripe', body: { paymentMethodId: paymentMethod.id } satisfies StripeCardInput }).unwrap();
      toast.success(`${formatCard(saved)} added`);
      onDone();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form name="add-stripe-card" layout="vertical" onFinish={save} requiredMark={false} style={{ marginBottom: 16 }}>
      <Form.Item label="Card" validateStatus={cardError ? 'error' : undefined} help={cardError}>
        <div
          style={{
            padding: '8px 11px',
            border: `1px solid ${cardError ? token.colorError : token.colorBorder}`,
            borderRadius: token.borderRadius,
            background: token.colorBgContainer,
          }}
        >
          <CardElement
            options={options}
            onChange={(event) => {
              setComplete(event.complete);
              setCardError(event.error?.message);
            }}
          />
        </div>
      </Form.Item>
      <Form.Item label="Name on card" htmlFor="stripe-card-holder">
        <Input
          id="stripe-card-holder"
          value={holderName}
          onChange={(event) => setHolderName(event.target.value)}
          autoComplete="cc-name"
          maxLength={100}
        />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={saving} disabled={!complete || !stripe}>
          Save card
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Flex>
    </Form>
  );
}
