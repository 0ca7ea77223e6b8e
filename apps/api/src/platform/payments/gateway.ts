import type { PaymentGatewayName } from '@limelight/contracts';

/** What identifies a saved card, to its owner (brand, last four) and to its gateway (a token). */
export type CardDetails = {
  gatewayCardId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  holderName: string;
};

/** How a charge ended at the gateway, as far as it knows now. */
export type ChargeOutcome =
  | { status: 'success' }
  | { status: 'fail'; reason: string }
  /** 3-D Secure: the fan must confirm; the gateway reports the end later (webhook or confirm). */
  | { status: 'require_authentication'; reason: string; clientSecret?: string }
  /** Accepted, result to follow by webhook. */
  | { status: 'processing' };

export type ChargeRequest = {
  amountCents: number;
  card: CardDetails;
  /** The gateway deduplicates on it: a retried call charges once. */
  idempotencyKey: string;
  description: string;
  customer: { id: string; email: string | null };
  /** Our payment's id, kept with the gateway's record so its webhooks find the payment. */
  paymentId: string;
};

/** One card gateway: the sandbox (embedded default) or Stripe. */
export interface PaymentGateway {
  readonly name: PaymentGatewayName;
  addCard(customer: { id: string; email: string | null }, input: unknown): Promise<CardDetails>;
  removeCard(card: CardDetails): Promise<void>;
  charge(request: ChargeRequest): Promise<{ gatewayRef: string; outcome: ChargeOutcome }>;
  /** Gives `amountCents` of a successful charge back to the card; a repeated call (same key) refunds once. */
  refund(request: { gatewayRef: string; idempotencyKey: string; amountCents: number }): Promise<void>;
}
