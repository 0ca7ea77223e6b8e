import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const loaded = new Map<string, Promise<Stripe>>();

/**
 * Stripe.js for the site's publishable key. The `pure` entry fetches it from js.stripe.com only
 * when a Stripe card form or a 3-D Secure confirmation first needs it, never on sites using the
 * sandbox. A failed load is forgotten, so the next attempt tries again.
 */
export function stripeJs(publishableKey: string): Promise<Stripe> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).then((instance) => {
      if (!instance) throw new Error('Stripe.js is not available here');
      return instance;
    });
    stripe.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}
