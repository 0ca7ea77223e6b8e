import { ErrorCode, type PaymentGatewayName } from '@limelight/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../platform/errors';
import type { PaymentGateway } from '../../platform/payments/gateway';
import { createSandboxGateway } from '../../platform/payments/sandbox';

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
export function gatewayNamed(deps: Pick<Deps, 'config' | 'settings'>, name: string): PaymentGateway {
  const active = activeGatewayName(deps);
  if (!active) throw notConfigured();
  if (name !== active)
    throw new AppError(422, ErrorCode.unprocessable, `The ${name} gateway is not in use: this site takes cards through ${active}`);
  if (active === 'sandbox') return sandbox;
  // Stripe arrives with its adapter; until then a Stripe choice without it is not configured.
  throw notConfigured();
}

export const activeGateway = (deps: Pick<Deps, 'config' | 'settings'>) => gatewayNamed(deps, activeGatewayName(deps) ?? '');
