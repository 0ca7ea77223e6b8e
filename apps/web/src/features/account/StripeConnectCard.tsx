import type { StripeConnectStatus } from '@limelight/contracts';
import { Alert, Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useGetStripeConnectAccountQuery, useStartStripeConnectOnboardingMutation } from './creator-api';

/** Each Connect status in words, with what the creator can do about it (decision 038). */
export const stripeStatusLabels: Record<StripeConnectStatus, { label: string; color: string; help: string; action?: string }> = {
  not_started: {
    label: 'Not started',
    color: 'default',
    help: 'Stripe pays your earnings straight to your bank. Setting it up takes a few minutes on Stripe’s own page.',
    action: 'Set up Stripe payouts',
  },
  details_needed: {
    label: 'Details needed',
    color: 'warning',
    help: 'Stripe still needs some details before it can pay you.',
    action: 'Continue on Stripe',
  },
  pending_verification: {
    label: 'Pending verification',
    color: 'processing',
    help: 'Stripe is checking your details. This usually takes a few minutes, sometimes a day or two.',
  },
  enabled: { label: 'Enabled for payouts', color: 'success', help: 'Stripe can pay you: choose Stripe when you request a payout.' },
};

/**
 * Stripe Connect on the banking page: the account's status as Stripe has it, and the way to
 * Stripe's onboarding. Stripe sends the creator back here with `?stripe=return` (the status is
 * read again) or `?stripe=refresh` (the link had expired: a new one is asked for at once).
 */
export function StripeConnectCard() {
  const [params, setParams] = useSearchParams();
  const { data, error, isLoading, isFetching, refetch } = useGetStripeConnectAccountQuery();
  const [start, starting] = useStartStripeConnectOnboardingMutation();
  const back = params.get('stripe');
  const handled = useRef(false);
  const [renewing, setRenewing] = useState(false);

  const goToStripe = () =>
    start()
      .unwrap()
      .then(({ url }) => window.location.assign(url))
      .catch((error: unknown) => toast.error(errorMessage(error)));

  useEffect(() => {
    if (!back || handled.current) return;
    handled.current = true;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('stripe');
        return next;
      },
      { replace: true },
    );
    if (back === 'refresh') {
      setRenewing(true);
      void goToStripe().finally(() => setRenewing(false));
    } else void refetch();
  });

  if (isLoading) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (error && !data)
    return (
      <Card title="Stripe" data-testid="stripe-connect">
        <Alert
          type="warning"
          showIcon
          title={errorMessage(error, 'The Stripe status could not be read')}
          action={
            <Button size="small" loading={isFetching} onClick={() => void refetch()}>
              Try again
            </Button>
          }
        />
      </Card>
    );
  if (!data?.available) return null;
  const status = stripeStatusLabels[data.status];
  return (
    <Card title="Stripe" extra={<Tag color={status.color}>{status.label}</Tag>} data-testid="stripe-connect">
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text>{status.help}</Typography.Text>
        {renewing && <Alert type="info" showIcon title="That Stripe link had expired: opening a new one…" />}
        {data.status === 'details_needed' && data.requirements.length > 0 && (
          <Typography.Text type="secondary">
            Stripe asks for {data.requirements.length === 1 ? 'one more item' : `${data.requirements.length} more items`}.
          </Typography.Text>
        )}
        <Flex gap={8} wrap>
          {status.action && (
            <Button type="primary" loading={starting.isLoading} onClick={() => void goToStripe()}>
              {status.action}
            </Button>
          )}
          {data.status !== 'not_started' && (
            <Button loading={isFetching} onClick={() => void refetch()}>
              Check status
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
