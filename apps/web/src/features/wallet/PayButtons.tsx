import { DollarOutlined, UnlockOutlined } from '@ant-design/icons';
import type { PublicUser, WalletChargeRouteType } from '@limelight/contracts';
import { Button, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/store';
import { useSignedInAction } from '../../shared/hooks/useSignedInAction';
import { errorMessage, toast } from '../../shared/lib/toast';
import { usePublicSettingsQuery } from '../settings/api';
import { usePayFromWalletMutation } from './api';

/** A payment from the wallet: what it costs, what the fan holds, and a way to top up when short. */
function PayModal({
  open,
  title,
  price,
  onClose,
  onPay,
  paying,
  children,
}: {
  open: boolean;
  title: string;
  price: number;
  onClose: () => void;
  onPay: () => void;
  paying: boolean;
  children?: ReactNode;
}) {
  const balance = useAppSelector((state) => state.session.user?.balance ?? 0);
  const short = balance < price;
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        short ? (
          <Link key="top-up" to="/user/wallet">
            <Button type="primary">Top up your wallet</Button>
          </Link>
        ) : (
          <Button key="pay" type="primary" loading={paying} onClick={onPay} disabled={!price}>
            Pay {price.toFixed(2)} tokens
          </Button>
        ),
      ]}
    >
      {children}
      <Typography.Paragraph type={short ? 'danger' : 'secondary'}>
        Your wallet holds {balance.toFixed(2)} tokens{short ? ': not enough for this.' : '.'}
      </Typography.Paragraph>
    </Modal>
  );
}

/** "Unlock": buys a post, video or gallery from the wallet; it opens at once. */
export function UnlockButton({
  type,
  id,
  price,
  noun,
}: {
  type: Exclude<WalletChargeRouteType, 'tip'>;
  id: string;
  price: number;
  noun: string;
}) {
  const [open, setOpen] = useState(false);
  const [intent, setIntent] = useState(() => crypto.randomUUID());
  const [pay, { isLoading }] = usePayFromWalletMutation();
  const signedIn = useSignedInAction();
  return (
    <>
      <Button type="primary" icon={<UnlockOutlined />} onClick={signedIn(() => setOpen(true))}>
        Unlock for {price.toFixed(2)}
      </Button>
      <PayModal
        open={open}
        title={`Unlock this ${noun}`}
        price={price}
        paying={isLoading}
        onClose={() => setOpen(false)}
        onPay={() =>
          pay({ type, id, price, idempotencyKey: intent })
            .unwrap()
            .then(() => {
              toast.success(`Unlocked: enjoy this ${noun}`);
              setIntent(crypto.randomUUID());
              setOpen(false);
            })
            .catch((error: unknown) => toast.error(errorMessage(error)))
        }
      >
        <Typography.Paragraph>Pay once and keep it: it stays unlocked for you.</Typography.Paragraph>
      </PayModal>
    </>
  );
}

/** "Tip": sends tokens to a creator from the wallet, with an optional message. */
export function TipButton({ performer }: { performer: PublicUser }) {
  const { data: settings } = usePublicSettingsQuery();
  const min = settings?.minimumTipPrice ?? 10;
  const max = settings?.maximumTipPrice ?? 10000;
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState<number | null>(min);
  const [message, setMessage] = useState('');
  const [intent, setIntent] = useState(() => crypto.randomUUID());
  const [pay, { isLoading }] = usePayFromWalletMutation();
  const signedIn = useSignedInAction();
  const viewer = useAppSelector((state) => state.session.user);
  if (viewer && viewer.role !== 'user') return null;
  return (
    <>
      <Button icon={<DollarOutlined />} onClick={signedIn(() => setOpen(true))}>
        Tip
      </Button>
      <PayModal
        open={open}
        title={`Tip ${performer.name}`}
        price={amount ?? 0}
        paying={isLoading}
        onClose={() => setOpen(false)}
        onPay={() =>
          pay({ type: 'tip', id: performer._id, price: amount ?? 0, message, idempotencyKey: intent })
            .unwrap()
            .then(() => {
              toast.success(`You tipped ${performer.name} ${(amount ?? 0).toFixed(2)} tokens`);
              setIntent(crypto.randomUUID());
              setMessage('');
              setOpen(false);
            })
            .catch((error: unknown) => toast.error(errorMessage(error)))
        }
      >
        <Form layout="vertical" name="tip">
          <Form.Item label="Tokens" extra={`From ${min} to ${max}`}>
            <InputNumber min={min} max={max} precision={2} value={amount} onChange={setAmount} aria-label="Tip amount" />
          </Form.Item>
          <Form.Item label="Message (optional)">
            <Input.TextArea
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              maxLength={500}
              rows={2}
              aria-label="Tip message"
            />
          </Form.Item>
        </Form>
      </PayModal>
    </>
  );
}
