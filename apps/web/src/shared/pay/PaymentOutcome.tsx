import type { PaymentTransaction } from '@limelight/contracts';
import { Button, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePublicSettingsQuery } from '../api/settings';
import { formatCard, formatTokens, useFormatMoney } from '../lib/money';
import { paymentStatusLabels } from '../lib/money-labels';
import { errorMessage, toast } from '../lib/toast';
import { useConfirmSandboxPaymentMutation } from './api';
import { stripeJs } from './stripe-js';

/** A payment's status in words; a failure's reason shows on hover. */
export function PaymentStatusTag({ payment }: { payment: PaymentTransaction }) {
  const { label, color } = paymentStatusLabels[payment.status];
  return (
    <Tag color={color} title={payment.failureReason ?? undefined} style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
      {label}
    </Tag>
  );
}

/** The status column of every list of payments. */
export const paymentStatusColumn = {
  title: 'Status',
  key: 'status',
  render: (_: unknown, payment: PaymentTransaction) => <PaymentStatusTag payment={payment} />,
};

/** What a card purchase bought, in words. */
const purchaseNames = {
  tip: 'Tip',
  feed: 'Post',
  video: 'Video',
  gallery: 'Gallery',
  message: 'Message',
  product: 'Product',
  stream: 'Live session',
};

/** What a payment bought, in words. */
export const paymentPurpose = (payment: PaymentTransaction) =>
  payment.type === 'subscription'
    ? `Subscription to ${payment.performer?.name ?? ''}`
    : payment.purchase
      ? `${purchaseNames[payment.purchase.type]} of ${payment.performer?.name ?? ''}: ${formatTokens(payment.tokens)}`
      : formatTokens(payment.tokens);

/** Whether a card payment ended with what it was for: paid, and its purchase (if any) booked. */
export const paidInFull = (payment: PaymentTransaction) => payment.status === 'success' && !payment.purchase?.problem;

/** Tells the fan how a card payment ended; a 3-D Secure one waits for their confirmation here. */
function announcePayment(payment: PaymentTransaction, success: string) {
  if (payment.purchase?.problem) toast.info(payment.purchase.problem);
  else if (payment.status === 'success') toast.success(success);
  else if (payment.status === 'fail') toast.error(payment.failureReason ?? 'The payment failed');
}

/**
 * Follows a card payment to its end: says how it ended, or asks the fan to confirm it with their
 * bank (`confirming` while that dialog is open; `onConfirmed` when it closes).
 */
export function usePaymentFollowUp(success: string, onConfirmed?: () => void, onPaid?: (payment: PaymentTransaction) => void) {
  const [pending, setPending] = useState<PaymentTransaction>();
  const follow = (payment: PaymentTransaction) => {
    announcePayment(payment, success);
    if (payment.status === 'require_authentication') setPending(payment);
    if (paidInFull(payment)) onPaid?.(payment);
  };
  const confirmation = (
    <ConfirmPaymentModal
      payment={pending}
      success={success}
      onPaid={onPaid}
      onDone={() => {
        setPending(undefined);
        onConfirmed?.();
      }}
    />
  );
  return { follow, confirmation, confirming: !!pending };
}

/**
 * 3-D Secure: the fan confirms with their bank. The sandbox confirms through our API; Stripe
 * through Stripe.js (its bank page), after which the result arrives by webhook, so the fan
 * waits for it on the payment's success page.
 */
function ConfirmPaymentModal({
  payment,
  onDone,
  onPaid,
  success,
}: {
  payment?: PaymentTransaction;
  onDone: () => void;
  onPaid?: (payment: PaymentTransaction) => void;
  success: string;
}) {
  const money = useFormatMoney();
  const [confirmInSandbox, sandbox] = useConfirmSandboxPaymentMutation();
  const { data: settings } = usePublicSettingsQuery();
  const navigate = useNavigate();
  const location = useLocation();
  const [withStripe, setWithStripe] = useState(false);

  const confirm = async (pending: PaymentTransaction) => {
    try {
      if (pending.nextAction?.type === 'stripe') {
        setWithStripe(true);
        const stripe = await stripeJs(settings?.stripePublishableKey ?? '');
        const { error } = await stripe.confirmCardPayment(pending.nextAction.clientSecret);
        // A failed authentication or a decline is the payment's outcome, told on its page once
        // Stripe's webhook has settled it; an error without a payment means Stripe.js could not act.
        if (error && !error.payment_intent) toast.error(error.message ?? 'Stripe could not confirm the payment');
        // The result page leads back here, where the fan decided to pay.
        else navigate(`/payment/success?${new URLSearchParams({ transactionId: pending._id, back: location.pathname + location.search })}`);
      } else {
        const confirmed = await confirmInSandbox({ id: pending._id }).unwrap();
        announcePayment(confirmed, success);
        if (paidInFull(confirmed)) onPaid?.(confirmed);
      }
    } catch (error) {
      toast.error(error instanceof Error ? error.message : errorMessage(error));
    } finally {
      setWithStripe(false);
      onDone();
    }
  };

  return (
    <Modal
      open={payment?.status === 'require_authentication'}
      title="Confirm with your bank"
      onCancel={onDone}
      footer={[
        <Button key="cancel" onClick={onDone}>
          Not now
        </Button>,
        <Button key="confirm" type="primary" loading={sandbox.isLoading || withStripe} onClick={() => payment && void confirm(payment)}>
          Confirm payment
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        {payment?.failureReason ?? 'Your bank asks you to confirm this payment'}: {money(payment?.amount ?? 0)} charged to your{' '}
        {payment?.card ? formatCard(payment.card) : 'card'}.
      </Typography.Paragraph>
    </Modal>
  );
}
