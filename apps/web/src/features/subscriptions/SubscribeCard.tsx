import type { PublicPerformer, SubscriptionType } from '@limelight/contracts';
import { Alert, Button, Card, Flex, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { useSignedInAction } from '../../shared/hooks/useSignedInAction';
import { formatDay } from '../../shared/lib/dates';
import { formatTokens } from '../../shared/lib/money';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useListPaymentCardsQuery } from '../../shared/pay/api';
import { defaultPayWith, PaymentMethodPicker, type PayWith } from '../../shared/pay/PaymentMethodPicker';
import { usePaymentFollowUp } from '../../shared/pay/PaymentOutcome';
import { topUpLink } from '../../shared/pay/top-up-link';
import { useIntentKey } from '../../shared/pay/useIntentKey';
import { usePayDialogKeys } from '../../shared/pay/usePayDialogKeys';
import { useListFanSubscriptionsQuery, useSubscribeToCreatorMutation } from './api';
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
  const { data: mine } = useListFanSubscriptionsQuery({ performerId: performer._id, limit: 1 }, { skip: !isFan });
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
                    {formatTokens((plan.price ?? 0) / plan.months)} a month
                  </Typography.Text>
                )}
              </Flex>
              <Typography.Text strong>{formatTokens(plan.price ?? 0)}</Typography.Text>
              {!own && !(current?.isActive && current.status === 'active') && !resumable && (
                <Button type="primary" onClick={signedIn(() => setChosen(plan))} aria-label={`Subscribe for ${plan.label}`}>
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
      {open && isFan && <SubscribeModal performer={performer} plan={open} trial={trial} onChoose={setChosen} onClose={close} />}
    </Card>
  );
}

function SubscribeModal({
  performer,
  plan,
  trial,
  onChoose,
  onClose,
}: {
  performer: PublicPerformer;
  plan: Plan | 'free';
  /** The creator's free trial, when this fan may still take it: offered beside the paid plan. */
  trial: boolean;
  onChoose: (plan: Plan | 'free') => void;
  onClose: () => void;
}) {
  const balance = useAppSelector((state) => state.session.user?.balance ?? 0);
  const { data: settings } = usePublicSettingsQuery();
  const { data: cards } = useListPaymentCardsQuery();
  const [chosen, setChosen] = useState<PayWith>();
  const [subscribe, { isLoading }] = useSubscribeToCreatorMutation();
  const location = useLocation();
  const free = plan === 'free';
  const price = free ? 0 : (plan.price ?? 0);
  const payWith = chosen ?? defaultPayWith(balance, price, cards);
  const request = {
    performerId: performer._id,
    type: free ? ('free' as const) : plan.type,
    paymentMethod: payWith.kind,
    cardId: payWith.kind === 'card' ? payWith.cardId : undefined,
  };
  const intent = useIntentKey(request);
  const short = !free && payWith.kind === 'wallet' && balance < price;
  const success = `You are subscribed to ${performer.name}`;
  const { follow, confirmation, confirming } = usePaymentFollowUp(success, onClose);

  // From the wallet (or free) it is done at once; by card it may fail (the fan may pick another
  // card or the wallet: a new request, with its own key) or wait for the bank's confirmation.
  const confirm = () =>
    subscribe({ 'idempotency-key': intent.key(), body: request })
      .unwrap()
      .then(({ payment }) => {
        intent.answered();
        if (payment) follow(payment);
        else toast.success(success);
        if (payment?.status !== 'fail' && payment?.status !== 'require_authentication') onClose();
      })
      .catch((error: unknown) => {
        intent.answered(error);
        toast.error(errorMessage(error));
      });
  const keys = usePayDialogKeys({ open: !confirming, ready: !short && !isLoading, confirm });
  const days = settings?.freeSubscriptionDuration ?? 1;

  return (
    <>
      <Modal
        open={!confirming}
        afterOpenChange={keys.afterOpenChange}
        title={free ? `Free trial with ${performer.name}` : `Subscribe to ${performer.name}`}
        onCancel={onClose}
        okText={free ? 'Start free trial' : `Pay ${formatTokens(price)}`}
        okButtonProps={{ loading: isLoading, disabled: short }}
        onOk={confirm}
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: it only hears Enter from the plan's choices inside it. */}
        <div ref={keys.body} onKeyDown={keys.onKeyDown}>
          <Typography.Paragraph>
            {free
              ? `${days} days of everything ${performer.name} posts for subscribers, free. It does not renew.`
              : `${plan.label} of everything ${performer.name} posts for subscribers for ${formatTokens(price)}, renewed at the end of each period until you cancel.`}
          </Typography.Paragraph>
          {trial && !free && (
            <Alert
              style={{ marginBottom: 12 }}
              type="info"
              showIcon
              title={`${performer.name} offers a free ${days}-day trial`}
              action={
                <Button size="small" onClick={() => onChoose('free')}>
                  Try it free
                </Button>
              }
            />
          )}
          {!free && (
            <>
              <Typography.Paragraph strong style={{ marginBottom: 8 }}>
                Pay with
              </Typography.Paragraph>
              <PaymentMethodPicker price={price} balance={balance} cards={cards} value={payWith} onChange={setChosen} />
            </>
          )}
          {!free && balance < price && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              Choose a card, or{' '}
              <Link to={topUpLink(price - balance, `${location.pathname}?subscribe=1`)} className="inline-link">
                top up your wallet
              </Link>{' '}
              and come back here.
            </Typography.Paragraph>
          )}
        </div>
      </Modal>
      {confirmation}
    </>
  );
}
