import type { Subscription } from '@limelight/contracts';
import { Button, Popconfirm } from 'antd';
import { formatDay } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useCancelSubscriptionMutation, useResumeSubscriptionMutation } from './api';

/** Whether a fan may turn this subscription's renewal back on: a paid one, cancelled, its period still running. */
export const mayResume = (subscription: Subscription) =>
  subscription.status === 'cancelled' && subscription.isActive && subscription.type !== 'free' && !!subscription.paidWith;

/**
 * A fan's renewal, off and on, never charging: "Turn off renewal" (access lasts until the period
 * ends) and, while that period runs, "Turn renewal back on".
 */
export function RenewalSwitch({ subscription, size = 'small' }: { subscription: Subscription; size?: 'small' | 'middle' }) {
  const [cancel, cancelling] = useCancelSubscriptionMutation();
  const [resume, resuming] = useResumeSubscriptionMutation();
  const until = formatDay(subscription.expiredAt);
  // Either way goes through what it is paid with: without that there is no renewal to switch.
  if (!subscription.paidWith) return null;
  const target = { id: subscription._id, gateway: subscription.paidWith };
  if (subscription.status === 'active' && subscription.nextRenewalAt) {
    return (
      <Popconfirm
        title="Turn off renewal?"
        description={`You keep access until ${until}; nothing more is charged. You can turn renewal back on until then.`}
        okText="Turn off renewal"
        cancelText="Keep subscription"
        onConfirm={() =>
          cancel(target)
            .unwrap()
            .then(() => toast.success(`Renewal turned off: access lasts until ${until}`))
            .catch((error: unknown) => toast.error(errorMessage(error)))
        }
      >
        <Button size={size} danger loading={cancelling.isLoading}>
          Turn off renewal
        </Button>
      </Popconfirm>
    );
  }
  if (mayResume(subscription)) {
    return (
      <Button
        size={size}
        type="primary"
        loading={resuming.isLoading}
        onClick={() =>
          resume(target)
            .unwrap()
            .then(() => toast.success(`Renewal back on: it renews on ${until}, nothing is charged now`))
            .catch((error: unknown) => toast.error(errorMessage(error)))
        }
      >
        Turn renewal back on
      </Button>
    );
  }
  return null;
}
