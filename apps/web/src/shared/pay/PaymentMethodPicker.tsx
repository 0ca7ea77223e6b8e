import { CreditCardOutlined, PlusOutlined, WalletOutlined } from '@ant-design/icons';
import type { ListResponse, PaymentCard } from '@limelight/contracts';
import { Button, Radio, Skeleton, Space, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../lib/lazy';
import { formatCard, formatTokens, useFormatMoney } from '../lib/money';

// The card form, with the card's schema and the gateway's parts, loads when a fan adds a card:
// every page that can take a payment (a creator's, a timeline) holds a picker.
const AddCardForm = lazyComponent(() => import('./AddCardForm').then((module) => ({ default: module.AddCardForm })));

/** How a pay dialog pays: from the wallet, or with one of the fan's saved cards. */
export type PayWith = { kind: 'wallet' } | { kind: 'card'; cardId: string };

/** What a dialog offers first: the wallet when it holds enough, else the default card, else the wallet (short, with a new card offered). */
export function defaultPayWith(balance: number, price: number, cards?: ListResponse<PaymentCard>): PayWith {
  if (balance >= price) return { kind: 'wallet' };
  const card = cards?.data.find((item) => item.isDefault) ?? cards?.data[0];
  return card ? { kind: 'card', cardId: card._id } : { kind: 'wallet' };
}

/**
 * The choice in every pay dialog (decision 032): the wallet (what it holds, and how much short),
 * each saved card (what it will be charged), or a new card added in place and chosen at once.
 * Prices are in tokens; a card is charged their worth in the site's currency.
 */
export function PaymentMethodPicker({
  price,
  balance,
  cards,
  value,
  onChange,
}: {
  price: number;
  balance: number;
  cards?: ListResponse<PaymentCard>;
  value: PayWith;
  onChange: (next: PayWith) => void;
}) {
  const money = useFormatMoney();
  const [adding, setAdding] = useState(false);
  const short = balance < price;
  return (
    <div>
      <Radio.Group
        aria-label="Pay with"
        value={value.kind === 'wallet' ? 'wallet' : value.cardId}
        onChange={(event) => {
          const chosen: string = event.target.value;
          onChange(chosen === 'wallet' ? { kind: 'wallet' } : { kind: 'card', cardId: chosen });
        }}
      >
        <Space direction="vertical">
          <Radio value="wallet">
            <WalletOutlined aria-hidden /> Wallet: holds {formatTokens(balance)}
            {short && price > 0 && (
              <Typography.Text type="danger" data-testid="wallet-short">
                {' '}
                ({formatTokens(price - balance)} short)
              </Typography.Text>
            )}
          </Radio>
          {cards?.data.map((card) => (
            <Radio key={card._id} value={card._id}>
              <CreditCardOutlined aria-hidden /> {formatCard(card)}
              {card.isDefault ? ' (default)' : ''}
              {price > 0 && <Typography.Text type="secondary"> · charged {money(price)}</Typography.Text>}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      <div style={{ marginTop: 12 }}>
        {adding ? (
          <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
            <AddCardForm
              onDone={(card) => {
                setAdding(false);
                if (card) onChange({ kind: 'card', cardId: card._id });
              }}
            />
          </Suspense>
        ) : (
          <Button icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
            Pay with a new card
          </Button>
        )}
      </div>
    </div>
  );
}
