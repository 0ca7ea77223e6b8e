import type { Coupon } from '@limelight/contracts';
import { Button, Card, Flex, Form, Input, Radio, Segmented, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { formatCard, formatTokens, useFormatMoney } from '../../shared/lib/money';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useCheckCouponCodeMutation, useListPaymentCardsQuery, useTopUpWalletMutation } from '../../shared/pay/api';
import { usePaymentFollowUp } from '../../shared/pay/PaymentOutcome';
import { askedTopUp } from '../../shared/pay/top-up-link';
import { useIntentKey } from '../../shared/pay/useIntentKey';
import { AmountInput, amountProblem } from '../../shared/ui/AmountInput';
import { TermsLink, useListTokenPackagesQuery } from '../site';

type Mode = 'amount' | 'package';

/**
 * Buy tokens: an amount within the site's limits or a package, with a coupon, on a saved card.
 * Without a card it offers `onAddCard`, which opens the Cards panel's form wherever the layout put it.
 */
export function TopUpCard({ onAddCard }: { onAddCard: () => void }) {
  const { data: settings } = usePublicSettingsQuery();
  const money = useFormatMoney();
  const { data: packages } = useListTokenPackagesQuery({ sortBy: 'ordering', sort: 'asc', limit: 100 });
  const { data: cards } = useListPaymentCardsQuery();
  const [topUp, { isLoading }] = useTopUpWalletMutation();
  const [applyCoupon, applying] = useCheckCouponCodeMutation();
  const [mode, setMode] = useState<Mode>('amount');
  const [params] = useSearchParams();
  // What a payment was short of, when it sent the fan here; refused, not raised, if below the minimum.
  const [amount, setAmount] = useState<number | null>(() => askedTopUp(params) ?? 20);
  const [packageId, setPackageId] = useState<string>();
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<Coupon>();
  const [cardId, setCardId] = useState<string>();
  const min = settings?.minimumWalletPrice ?? 2.95;
  const max = settings?.maximumWalletPrice ?? 300;
  const chosenPackage = packages?.data.find((item) => item._id === packageId);
  const tokens = mode === 'amount' ? (amount ?? 0) : (chosenPackage?.tokens ?? 0);
  const price = mode === 'amount' ? (amount ?? 0) : (chosenPackage?.price ?? 0);
  const toPay = coupon ? Math.max(0.01, Math.round(price * (1 - coupon.discountRate) * 100) / 100) : price;
  const hasCard = !!cards?.total;
  const amountRefused = mode === 'amount' ? amountProblem(amount, { what: 'A top-up', min, max }) : undefined;
  const { follow, confirmation } = usePaymentFollowUp(`${formatTokens(tokens)} added to your wallet`);

  const request = { ...(mode === 'amount' ? { amount: amount ?? 0 } : { packageId }), couponCode: coupon?.code, cardId };
  const intent = useIntentKey(request);

  const pay = async () => {
    try {
      const payment = await topUp({ 'idempotency-key': intent.key(), body: request }).unwrap();
      intent.answered();
      follow(payment);
      if (payment.status !== 'fail') setCoupon(undefined);
    } catch (error) {
      intent.answered(error);
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card title="Top up">
      {/* Packages are the admin's offers: the choice appears once there is one, rather than a greyed-out tab without a reason. */}
      {!!packages?.total && (
        <Segmented<Mode>
          value={mode}
          onChange={setMode}
          options={[
            { value: 'amount', label: 'Amount' },
            { value: 'package', label: 'Packages' },
          ]}
          aria-label="Top up by"
          style={{ marginBottom: 16 }}
        />
      )}
      <Form layout="vertical" name="top-up" onFinish={pay} requiredMark={false}>
        {mode === 'amount' ? (
          <Form.Item
            label="Tokens"
            extra={`From ${min} to ${max} tokens; one token costs ${money(1)}.`}
            validateStatus={amountRefused ? 'error' : undefined}
            help={amountRefused}
          >
            {/* Sent here to top up what a payment lacked, the fan starts on the amount; Enter pays. */}
            <AmountInput
              value={amount}
              onChange={setAmount}
              aria-label="Tokens"
              suffix="tokens"
              autoFocus={askedTopUp(params) !== undefined}
              style={{ width: 180 }}
            />
          </Form.Item>
        ) : (
          <Form.Item label="Package">
            <Radio.Group value={packageId} onChange={(event) => setPackageId(event.target.value)}>
              <Space direction="vertical">
                {packages?.data.map((item) => (
                  <Radio key={item._id} value={item._id}>
                    {item.name}: {formatTokens(item.tokens)} for {money(item.price)}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
        )}
        <Form.Item label="Coupon" extra={coupon ? `${Math.round(coupon.discountRate * 100)} % off applied` : undefined}>
          <Space.Compact>
            <Input
              value={code}
              onChange={(event) => setCode(event.target.value)}
              placeholder="Code"
              aria-label="Coupon code"
              style={{ width: 160 }}
            />
            <Button
              loading={applying.isLoading}
              disabled={!code.trim()}
              onClick={() =>
                applyCoupon({ code: code.trim() })
                  .unwrap()
                  .then((found) => {
                    setCoupon(found);
                    toast.success(`Coupon ${found.code}: ${Math.round(found.discountRate * 100)} % off`);
                  })
                  .catch((error: unknown) => toast.error(errorMessage(error)))
              }
            >
              Apply
            </Button>
          </Space.Compact>
        </Form.Item>
        {hasCard ? (
          <Form.Item label="Card">
            <Select
              value={cardId ?? cards?.data.find((card) => card.isDefault)?._id}
              onChange={setCardId}
              options={cards?.data.map((card) => ({ value: card._id, label: formatCard(card) }))}
              aria-label="Card"
              style={{ width: 240 }}
            />
          </Form.Item>
        ) : (
          <Typography.Paragraph type="secondary">
            No card saved yet.{' '}
            <Button type="link" onClick={onAddCard} style={{ padding: 0, height: 'auto' }}>
              Add a card to pay
            </Button>
          </Typography.Paragraph>
        )}
        <Flex gap={12} align="center">
          <Button
            type="primary"
            htmlType="submit"
            loading={isLoading}
            disabled={!hasCard || !price || !!amountRefused || (mode === 'package' && !packageId)}
          >
            Pay {money(toPay)}
          </Button>
          {coupon && (
            <Typography.Text delete type="secondary">
              {money(price)}
            </Typography.Text>
          )}
        </Flex>
      </Form>
      {confirmation}
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
        Tokens unlock posts, videos and galleries, tip creators and pay subscriptions. <TermsLink />
      </Typography.Paragraph>
    </Card>
  );
}
