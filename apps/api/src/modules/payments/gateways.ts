import { ErrorCode, type PaymentGatewayName } from '@limelight/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../platform/errors';
import type { PaymentGateway } from '../../platform/payments/gateway';
import { createSandboxGateway } from '../../platform/payments/sandbox';
import { createStripeGateway } from '../../platform/payments/stripe';
import { saveStripeAccount, stripeAccountOf } from './repo/stripe';

const sandbox = createSandboxGateway();

/**
 * The gateway cards are charged through now: Stripe when the admin chose it and gave its keys,
 * else the sandbox where it is allowed (SANDBOX_PAYMENTS), else none.
 */
export function activeGatewayName(deps: Pick<Deps, 'config' | 'settings'>): PaymentGatewayName | null {
  if (deps.settings.get('paymentGateway') === 'stripe' && deps.settings.get('stripeSecretKey')) return 'stripe';
  return deps.config.sandboxPayments ? 'sandbox' : null;
}

const notConfigured = () => new AppError(503, ErrorCode.providerNotConfigured, 'Card payments are not set up on this site yet');

/** The gateway by name, when it is the one in use (a card saved with another gateway cannot be charged). */
export function gatewayNamed(deps: Pick<Deps, 'config' | 'settings' | 'db'>, name: string): PaymentGateway {
  const active = activeGatewayName(deps);
  if (!active) throw notConfigured();
  if (name !== active)
    throw new AppError(422, ErrorCode.unprocessable, `The ${name} gateway is not in use: this site takes cards through ${active}`);
  if (active === 'sandbox') return sandbox;
  return stripeGateway(deps);
}

/** The gateway a payment went through, in use or not: a refund goes back the way the money came. */
export function gatewayOfPayment(deps: Pick<Deps, 'config' | 'settings' | 'db'>, name: PaymentGatewayName): PaymentGateway {
  if (name === 'sandbox') return sandbox;
  if (!deps.settings.get('stripeSecretKey')) throw notConfigured();
  return stripeGateway(deps);
}

/**
 * The Stripe gateway for this site's database and its current secret key, made once per key
 * (an admin may change the key at any time); connect.ts and webhooks.ts use its client too.
 */
const stripeGateways = new WeakMap<Deps['db'], { key: string; gateway: ReturnType<typeof createStripeGateway> }>();
export function stripeGateway(deps: Pick<Deps, 'config' | 'settings' | 'db'>) {
  const key = deps.settings.get('stripeSecretKey');
  const known = stripeGateways.get(deps.db);
  if (known?.key === key) return known.gateway;
  const gateway = createStripeGateway({
    secretKey: key,
    apiBase: deps.config.stripeApiBase,
    customers: {
      find: (userId) => stripeAccountOf(deps.db, userId, 'customer'),
      save: (userId, customerId) => saveStripeAccount(deps.db, userId, 'customer', customerId),
    },
  });
  stripeGateways.set(deps.db, { key, gateway });
  return gateway;
}
