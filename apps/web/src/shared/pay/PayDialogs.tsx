import type { PublicUser, WalletChargeInput, WalletChargeRouteType } from '@limelight/contracts';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { usePublicSettingsQuery } from '../api/settings';
import { formatTokens } from '../lib/money';
import { useAppSelector } from '../lib/store';
import { errorMessage, toast } from '../lib/toast';
import { AmountInput, amountProblem } from '../ui/AmountInput';
import { useListPaymentCardsQuery, usePayTipOrItemByCardMutation, usePayTipOrItemFromWalletMutation } from './api';
import { defaultPayWith, PaymentMethodPicker, type PayWith } from './PaymentMethodPicker';
import { usePaymentFollowUp } from './PaymentOutcome';
import { useIntentKey } from './useIntentKey';
import type { usePayDialog } from './usePayDialog';
import { usePayDialogKeys } from './usePayDialogKeys';

type Charge = WalletChargeInput & { type: WalletChargeRouteType; id: string; price: number };

/**
 * A payment of a tip or an item, from the wallet or with a card (saved, or added here), wherever
 * the fan decided to pay (decision 032): what it costs, what the wallet holds, and the payment
 * itself, one key per request (a resent click pays once; another card after a decline is a new
 * request). A card payment may ask for 3-D Secure: the dialog gives way to the bank's
 * confirmation, and the purchase is made once the card has paid. From the keyboard: the focus
 * lands on the first field (else on Pay), Enter in a field pays, Esc cancels, and the focus goes
 * back to the button that opened it (the dialog keeps it inside while open). Short of tokens, the
 * fan may top up instead: the wallet's way back reopens this dialog (`dialog`, from `usePayDialog`).
 */
export function PayModal({
  dialog,
  title,
  charge,
  success,
  onPaid,
  keepOnTopUp,
  refused,
  children,
}: {
  dialog: ReturnType<typeof usePayDialog>;
  title: string;
  charge: Charge;
  success: string;
  onPaid?: () => void;
  /** What the dialog needs again when the fan comes back from a top-up (a tip's amount). */
  keepOnTopUp?: Record<string, string>;
  /** Why the charge cannot be sent as it stands (an amount out of its limits): Pay waits, naming no amount. */
  refused?: string;
  children?: ReactNode;
}) {
  const { open, close: onClose } = dialog;
  const balance = useAppSelector((state) => state.session.user?.balance ?? 0);
  const { data: cards } = useListPaymentCardsQuery(undefined, { skip: !open });
  const [chosen, setChosen] = useState<PayWith>();
  // What the dialog offers first is decided once, as it opens with the fan's cards known: a tip
  // typed above the wallet's balance never moves the payment to a card by itself.
  const offered = useRef<PayWith>(undefined);
  if (!open) offered.current = undefined;
  else if (!offered.current && cards) offered.current = defaultPayWith(balance, charge.price, cards);
  const payWith = chosen ?? offered.current ?? defaultPayWith(balance, charge.price, cards);
  const [payFromWallet, wallet] = usePayTipOrItemFromWalletMutation();
  const [payByCard, card] = usePayTipOrItemByCardMutation();
  const isLoading = wallet.isLoading || card.isLoading;
  const request = { ...charge, ...(payWith.kind === 'card' ? { cardId: payWith.cardId } : {}) };
  const intent = useIntentKey({ via: payWith.kind, ...request });
  const done = () => {
    setChosen(undefined);
    onPaid?.();
    onClose();
  };
  const { follow, confirmation, confirming } = usePaymentFollowUp(success, undefined, done);
  // Short of whatever is typed, refused or not: the fan learns it before fixing the amount, not after.
  const short = payWith.kind === 'wallet' && balance < charge.price;
  const failed = (error: unknown) => {
    intent.answered(error);
    toast.error(errorMessage(error));
  };
  const submit = () => {
    const { type, id, ...body } = charge;
    if (payWith.kind === 'wallet') {
      payFromWallet({ type, id, 'idempotency-key': intent.key(), body })
        .unwrap()
        .then(() => {
          intent.answered();
          toast.success(success);
          done();
        })
        .catch(failed);
      return;
    }
    payByCard({ type, id, 'idempotency-key': intent.key(), body: { ...body, cardId: payWith.cardId } })
      .unwrap()
      .then((payment) => {
        // Declined, or waiting for the bank: the next try is another request (another card, the wallet).
        intent.answered();
        follow(payment);
      })
      .catch(failed);
  };
  const ready = !!charge.price && !refused && !short && !isLoading;
  const keys = usePayDialogKeys({ open: open && !confirming, ready, confirm: submit });
  return (
    <>
      <Modal
        open={open && !confirming}
        title={title}
        onCancel={onClose}
        afterOpenChange={keys.afterOpenChange}
        footer={[
          <Button key="cancel" onClick={onClose}>
            Cancel
          </Button>,
          <Button
            key="pay"
            ref={keys.confirmButton}
            type="primary"
            loading={isLoading}
            onClick={submit}
            disabled={!charge.price || !!refused || short}
          >
            {refused || !charge.price ? 'Pay' : `Pay ${formatTokens(charge.price)}`}
          </Button>,
        ]}
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: it only hears Enter from the fields inside it, which are the controls. */}
        <div ref={keys.body} onKeyDown={keys.onKeyDown}>
          {children}
        </div>
        <Typography.Paragraph strong style={{ marginBottom: 8 }}>
          Pay with
        </Typography.Paragraph>
        <PaymentMethodPicker price={charge.price} balance={balance} cards={cards} value={payWith} onChange={setChosen} />
        {balance < charge.price && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            Choose a card, or{' '}
            <Link to={dialog.topUpFor(charge.price - balance, keepOnTopUp)} className="inline-link">
              top up your wallet
            </Link>{' '}
            and come back here.
          </Typography.Paragraph>
        )}
      </Modal>
      {confirmation}
    </>
  );
}

/** The dialog behind "Unlock" (`UnlockButton`): pay once and keep it. */
export function UnlockDialog({
  dialog,
  type,
  id,
  price,
  noun,
  onPaid,
}: {
  dialog: ReturnType<typeof usePayDialog>;
  type: Exclude<WalletChargeRouteType, 'tip'>;
  id: string;
  price: number;
  noun: string;
  onPaid?: () => void;
}) {
  return (
    <PayModal
      dialog={dialog}
      title={`Unlock this ${noun}`}
      charge={{ type, id, price }}
      success={`Unlocked: enjoy this ${noun}`}
      onPaid={onPaid}
    >
      <Typography.Paragraph>Pay once and keep it: it stays unlocked for you.</Typography.Paragraph>
    </PayModal>
  );
}

/** The dialog behind "Tip" (`TipButton`): how much, an optional message, and the payment. */
export function TipDialog({
  dialog,
  performer,
  sessionId,
  conversationId,
}: {
  dialog: ReturnType<typeof usePayDialog>;
  performer: PublicUser;
  sessionId?: string;
  conversationId?: string;
}) {
  const { data: settings } = usePublicSettingsQuery();
  const min = settings?.minimumTipPrice ?? 10;
  const max = settings?.maximumTipPrice ?? 10000;
  // Several tip buttons may share a page (a timeline's posts): their fields need ids of their own.
  const fieldId = useId();
  const kept = dialog.asked ? Number(dialog.params.get('tip')) : Number.NaN;
  const [amount, setAmount] = useState<number | null>(kept > 0 ? kept : min);
  const [message, setMessage] = useState('');
  const refused = amountProblem(amount, { what: 'A tip', min, max });
  return (
    <PayModal
      dialog={dialog}
      title={`Tip ${performer.name}`}
      charge={{ type: 'tip', id: performer._id, price: amount ?? 0, message, sessionId, conversationId }}
      success={`You tipped ${performer.name} ${formatTokens(amount ?? 0)}`}
      onPaid={() => setMessage('')}
      keepOnTopUp={amount ? { tip: String(amount) } : undefined}
      refused={refused}
    >
      {/* A div, not a form: Enter in the amount is the dialog's (it pays). */}
      <Form layout="vertical" name="tip" component="div">
        <Form.Item
          label="Tip amount"
          htmlFor={`${fieldId}-amount`}
          extra={`From ${min} to ${max} tokens`}
          validateStatus={refused ? 'error' : undefined}
          help={refused}
        >
          <AmountInput id={`${fieldId}-amount`} value={amount} onChange={setAmount} suffix="tokens" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item label="Tip message (optional)" htmlFor={`${fieldId}-message`}>
          <Input.TextArea
            id={`${fieldId}-message`}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            maxLength={500}
            rows={2}
          />
        </Form.Item>
      </Form>
    </PayModal>
  );
}
