import type { PublicPerformer, SubscriptionType } from '@limelight/contracts';
import { Alert, Button, Card, Flex, Modal, Radio, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/store';
import { useSignedInAction } from '../../shared/hooks/useSignedInAction';
import { formatDay } from '../../shared/lib/dates';
import { formatTokens, useFormatMoney } from '../../shared/lib/money';
import { errorMessage, toast } from '../../shared/lib/toast';
import { usePublicSettingsQuery } from '../settings/api';
import { useCardsQuery } from '../wallet/api';
import { usePaymentFollowUp } from '../wallet/PaymentOutcome';
import { usePayDialogKeys } from '../wallet/usePayDialogKeys';
import { useMySubscriptionsQuery, useSubscribeMutation } from './api';
import { mayResume, RenewalSwitch } from './RenewalSwitch';

type Plan = { type: Exclude<SubscriptionType, 'free'>; label: string; months: number; price: number | null };

const plansOf = (performer: PublicPerformer): Plan[] => [
  { type: 'monthly', label: '1 month', months: 1, price: performer.monthlyPrice },
  { type: 'three_months', label: '3 months', months: 3, price: performer.threeMonthPrice },
  { type: 'six_months', label: '6 months', months: 6, price: performer.sixMonthPrice },
  { type: 'yearly', label: '12 months', months: 12, price: performer.yearlyPrice },
];

/** The creator's plans on their page, with the subscribe dialog (wallet or card) and the free trial. */
export function SubscribeCard({ performer, own }: { performer: PublicPerformer; own: boolean }) {
  const viewer = useAppSelector((state) => state.session.user);
  const isFan = viewer?.role === 'user';
  const { data: settings } = usePublicSettingsQuery();
  const money = useFormatMoney();
  const { data: mine } = useMySubscriptionsQuery({ performerId: performer._id, limit: 1 }, { skip: !isFan });
  const current = mine?.data[0];
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<Plan | 'free'>();
  const signedIn = useSignedInAction();
  const offered = plansOf(performer).filter((plan) => plan.price !== null);
  // A cancelled period still running is kept by turning renewal back on, never by paying again.
  const resumable = !!current && mayResume(current);
  const trial = !!settings?.freeSubscriptionEnabled && performer.isFreeSubscription && !current?.usedFreeTrial;
  // "Subscribe" on a locked post brings the fan here with the dialog open.
  const asked = params.get('subscribe') === '1' && isFan && !current?.isActive;
  const open = chosen ?? (asked ? offered[0] : undefined);
  const close = () => {
    setChosen(undefined);
    if (asked) setParams({}, { replace: true });
  };

  return (
    <Card title="Subscription" id="subscribe">
      {current?.isActive && (
        <Alert
          style={{ marginBottom: 12 }}
          type="success"
          showIcon
          title={current.status === 'cancelled' ? 'Subscribed until it ends' : 'You are subscribed'}
          description={
            resumable
              ? `Renewal is off: access ends ${formatDay(current.expiredAt)}. Turn it back on to keep your subscription; nothing is charged now.`
              : `${current.status === 'cancelled' ? 'Access ends' : current.nextRenewalAt ? 'Renews' : 'Ends'} ${formatDay(current.expiredAt)}.`
          }
          action={resumable ? <RenewalSwitch subscription={current} /> : undefined}
        />
      )}
      {offered.length ? (
        // One row a plan: what it is, what it costs (a month's share for the longer ones), the button.
        <Flex vertical gap={12}>
          {offered.map((plan) => (
            <Flex key={plan.type} align="center" gap={8} data-testid={`plan-${plan.type}`}>
              <Flex vertical style={{ flex: 1 }}>
                <Typography.Text strong>{plan.label}</Typography.Text>
                {plan.months > 1 && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {money((plan.price ?? 0) / plan.months)} a month
                  </Typography.Text>
                )}
              </Flex>
              <Typography.Text strong>{money(plan.price ?? 0)}</Typography.Text>
              {!own && !(current?.isActive && current.status === 'active') && !resumable && (
                <Button size="small" type="primary" onClick={signedIn(() => setChosen(plan))} aria-label={`Subscribe for ${plan.label}`}>
                  Subscribe
                </Button>
              )}
            </Flex>
          ))}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{own ? 'Set your plan prices on your account page.' : 'No plans yet.'}</Typography.Text>
      )}
      {trial && !own && !current?.isActive && (
        <Button style={{ marginTop: 12 }} onClick={signedIn(() => setChosen('free'))}>
          Start your free {settings?.freeSubscriptionDuration}-day trial
        </Button>
      )}
      {trial && own && (
        <Tag color="success" style={{ marginTop: 12 }}>
          Free trial available
        </Tag>
      )}
      {open && isFan && <SubscribeModal performer={performer} plan={open} onClose={close} />}
    </Card>
  );
}

function SubscribeModal({ performer, plan, onClose }: { performer: PublicPerformer; plan: Plan | 'free'; onClose: () => void }) {
  const balance = useAppSelector((state) => state.session.user?.balance ?? 0);
  const { data: settings } = usePublicSettingsQuery();
  const money = useFormatMoney();
  const { data: cards } = useCardsQuery();
  const [method, setMethod] = useState<'wallet' | 'card'>('wallet');
  const [intent] = useState(() => crypto.randomUUID());
  const [subscribe, { isLoading }] = useSubscribeMutation();
  const free = plan === 'free';
  const price = free ? 0 : (plan.price ?? 0);
  // Any saved card may pay; the default one is chosen until the fan picks another.
  const [chosenCardId, setChosenCardId] = useState<string>();
  const cardId = chosenCardId ?? cards?.data.find((card) => card.isDefault)?._id;
  const short = !free && method === 'wallet' && balance < price;
  const success = `You are subscribed to ${performer.name}`;
  const { follow, confirmation, confirming } = usePaymentFollowUp(success, onClose);

  // From the wallet (or free) it is done at once; by card it may fail (the fan may pick the
  // wallet instead) or wait for the bank's confirmation.
  const confirm = () =>
    subscribe({
      performerId: performer._id,
      type: free ? 'free' : plan.type,
      paymentMethod: method,
      cardId: method === 'card' ? cardId : undefined,
      idempotencyKey: intent,
    })
      .unwrap()
      .then(({ payment }) => {
        if (payment) follow(payment);
        else toast.success(success);
        if (payment?.status !== 'fail' && payment?.status !== 'require_authentication') onClose();
      })
      .catch((error: unknown) => toast.error(errorMessage(error)));
  const disabled = short || (method === 'card' && !cardId);
  const keys = usePayDialogKeys({ open: !confirming, ready: !disabled && !isLoading, confirm });

  return (
    <>
      <Modal
        open={!confirming}
        afterOpenChange={keys.afterOpenChange}
        title={free ? `Free trial with ${performer.name}` : `Subscribe to ${performer.name}`}
        onCancel={onClose}
        okText={free ? 'Start free trial' : `Pay ${method === 'card' ? money(price) : formatTokens(price)}`}
        okButtonProps={{ loading: isLoading, disabled }}
        onOk={confirm}
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: it only hears Enter from the plan's choices inside it. */}
        <div ref={keys.body} onKeyDown={keys.onKeyDown}>
          <Typography.Paragraph>
            {free
              ? `${settings?.freeSubscriptionDuration ?? 1} days of everything ${performer.name} posts for subscribers, free. It does not renew.`
              : `${plan.label} of everything ${performer.name} posts for subscribers, renewed at the end of each period until you cancel.`}
          </Typography.Paragraph>
          {!free && (
            <Radio.Group
              value={method === 'card' ? cardId : 'wallet'}
              onChange={(event) => {
                const value: string = event.target.value;
                setMethod(value === 'wallet' ? 'wallet' : 'card');
                if (value !== 'wallet') setChosenCardId(value);
              }}
            >
              <Space direction="vertical">
                <Radio value="wallet">Wallet ({formatTokens(balance)})</Radio>
                {cards?.data.map((card) => (
                  <Radio key={card._id} value={card._id}>
                    {card.brand} •••• {card.last4}
                    {card.isDefault ? ' (default)' : ''}
                  </Radio>
                ))}
                {!cards?.total && (
                  <Radio value="card" disabled>
                    Card (add one in your wallet)
                  </Radio>
                )}
              </Space>
            </Radio.Group>
          )}
          {short && (
            <Alert
              style={{ marginTop: 12 }}
              type="warning"
              showIcon
              title="Your wallet holds too little for this plan"
              action={<Link to="/user/wallet">Top up</Link>}
            />
          )}
        </div>
      </Modal>
      {confirmation}
    </>
  );
}
