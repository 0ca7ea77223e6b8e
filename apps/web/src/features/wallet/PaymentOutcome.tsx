import type { PaymentTransaction } from '@limelight/contracts';
import { Button, Modal, Typography } from 'antd';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useConfirmPaymentMutation } from './api';

/** Tells the fan how a card payment ended; a 3-D Secure one waits for their confirmation here. */
export function announcePayment(payment: PaymentTransaction, success: string) {
  if (payment.status === 'success') toast.success(success);
  else if (payment.status === 'fail') toast.error(payment.failureReason ?? 'The payment failed');
}

export function ConfirmPaymentModal({ payment, onDone, success }: { payment?: PaymentTransaction; onDone: () => void; success: string }) {
  const [confirm, { isLoading }] = useConfirmPaymentMutation();
  return (
    <Modal
      open={payment?.status === 'require_authentication'}
      title="Confirm with your bank"
      onCancel={onDone}
      footer={[
        <Button key="cancel" onClick={onDone}>
          Not now
        </Button>,
        <Button
          key="confirm"
          type="primary"
          loading={isLoading}
          onClick={() =>
            confirm(payment!._id)
              .unwrap()
              .then((confirmed) => announcePayment(confirmed, success))
              .catch((error: unknown) => toast.error(errorMessage(error)))
              .finally(onDone)
          }
        >
          Confirm payment
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        {payment?.failureReason ?? 'Your bank asks you to confirm this payment'}: {payment?.amount.toFixed(2)} on your{' '}
        {payment?.card ? `${payment.card.brand} •••• ${payment.card.last4}` : 'card'}.
      </Typography.Paragraph>
    </Modal>
  );
}
