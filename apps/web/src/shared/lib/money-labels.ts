import type {
  ChargeStatus,
  ChargeType,
  PaymentStatus,
  PaymentType,
  PayoutStatus,
  SubscriptionPayer,
  SubscriptionStatus,
} from '@limelight/contracts';

/** A state in the words a fan or creator reads, with the colour of its Tag. */
export type StateLabel = { label: string; color: string };

/** The API's status words are for programs: every screen shows these instead, from this one place. */
export const paymentStatusLabels: Record<PaymentStatus, StateLabel> = {
  created: { label: 'Started', color: 'default' },
  processing: { label: 'Processing', color: 'processing' },
  success: { label: 'Paid', color: 'success' },
  fail: { label: 'Failed', color: 'error' },
  canceled: { label: 'Canceled', color: 'default' },
  refunded: { label: 'Refunded', color: 'purple' },
  require_authentication: { label: 'Awaiting confirmation', color: 'warning' },
};

export const chargeStatusLabels: Record<ChargeStatus, StateLabel> = {
  pending: { label: 'Pending', color: 'processing' },
  success: { label: 'Paid', color: 'success' },
  refunded: { label: 'Refunded', color: 'purple' },
};

export const subscriptionStatusLabels: Record<SubscriptionStatus, StateLabel> = {
  created: { label: 'Starting', color: 'processing' },
  active: { label: 'Active', color: 'success' },
  cancelled: { label: 'Cancelled', color: 'warning' },
  expired: { label: 'Expired', color: 'default' },
};

export const payoutStatusLabels: Record<PayoutStatus, StateLabel> = {
  pending: { label: 'Pending', color: 'processing' },
  approved: { label: 'Approved', color: 'blue' },
  rejected: { label: 'Rejected', color: 'error' },
  paid: { label: 'Paid', color: 'success' },
};

/** What a wallet paid for, which is also what a creator earned from. */
export const chargeTypeLabels: Record<ChargeType, string> = {
  tip: 'Tip',
  feed: 'Post',
  video: 'Video',
  gallery: 'Gallery',
  product: 'Product',
  message: 'Message',
  stream: 'Live show',
  stream_tip: 'Live tip',
  subscription: 'Subscription',
};

export const paymentTypeLabels: Record<PaymentType, string> = {
  wallet_top_up: 'Wallet top-up',
  subscription: 'Subscription',
  charge: 'Purchase',
};

/** How a subscription is paid, without the gateway's name (an internal word); a card says which when known. */
export const subscriptionPayerLabels: Record<SubscriptionPayer, string> = {
  free: 'Free trial',
  wallet: 'Wallet',
  sandbox: 'Card',
  stripe: 'Card',
};

/** A filter's choices from one of these maps, in its order. */
export const labelOptions = (labels: Record<string, string | StateLabel>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label: typeof label === 'string' ? label : label.label }));
