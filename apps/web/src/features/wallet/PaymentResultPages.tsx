import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../shared/lib/api';
import { formatTokens } from '../../shared/lib/money';
import { useAppDispatch } from '../../shared/lib/store';
import { settledPaymentTags, useGetPaymentTransactionQuery } from '../../shared/pay/api';
import { paymentPurpose } from '../../shared/pay/PaymentOutcome';
import { backPath } from '../../shared/pay/top-up-link';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Result } from '../../shared/ui/Result';

const POLL_MS = 2000;

/**
 * `/payment/success?transactionId=…`: where a gateway sends the fan back after paying. The
 * wallet is credited when the gateway confirms, so a payment still settling is asked again.
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const id = params.get('transactionId') ?? '';
  const [settling, setSettling] = useState(true);
  const {
    data: payment,
    isLoading,
    isError,
  } = useGetPaymentTransactionQuery({ id }, { skip: !id, pollingInterval: settling ? POLL_MS : 0 });
  const open = !!payment && ['created', 'processing', 'require_authentication'].includes(payment.status);
  useEffect(() => setSettling(open), [open]);
  // A payment settled by webhook changed what the fan holds: a subscription, content, their balance.
  const dispatch = useAppDispatch();
  const settled = payment?.status === 'success';
  useEffect(() => {
    if (settled) dispatch(api.util.invalidateTags([...settledPaymentTags]));
  }, [settled, dispatch]);
  // Back where the fan decided to pay (a path of this site), else to what the payment was for.
  const returnTo = backPath(params);
  const back = (
    <ButtonLink
      type="primary"
      to={
        returnTo ??
        (payment?.type === 'subscription' && payment.performer ? `/${payment.performer.username ?? payment.performer._id}` : '/user/wallet')
      }
    >
      {returnTo ? 'Go back' : payment?.type === 'subscription' ? 'Go to the creator' : 'Go to your wallet'}
    </ButtonLink>
  );
  if (!id || isError) return <Result status="404" title="Payment not found" extra={<Link to="/user/wallet">Go to your wallet</Link>} />;
  if (isLoading || !payment) return <Skeleton active className="page-narrow" />;
  if (payment.status === 'success') {
    return (
      <Result
        status="success"
        title="Payment received"
        subTitle={
          payment.purchase?.problem ??
          (payment.type === 'wallet_top_up'
            ? `${formatTokens(payment.tokens)} are in your wallet.`
            : payment.type === 'charge'
              ? `Paid: ${paymentPurpose(payment)}.`
              : `Your subscription to ${payment.performer?.name} is active.`)
        }
        extra={back}
      />
    );
  }
  if (open) return <Result status="info" title="Confirming your payment…" subTitle="This takes a few seconds." />;
  return <Result status="error" title="The payment did not go through" subTitle={payment.failureReason ?? undefined} extra={back} />;
}

/** `/payment/cancel`: the fan left the gateway's page; nothing was charged. */
export function PaymentCancelPage() {
  return (
    <Result
      status="warning"
      title="Payment canceled"
      subTitle="Nothing was charged. You can try again whenever you like."
      extra={
        <ButtonLink to="/user/wallet" type="primary">
          Go to your wallet
        </ButtonLink>
      }
    />
  );
}
