import { randomBytes } from 'node:crypto';
import { SANDBOX_CARDS, sandboxCardSchema } from '@limelight/contracts';
import { parseOrThrow, unprocessable } from '../errors';
import type { ChargeOutcome, PaymentGateway } from './gateway';

type Behaviour = 'success' | 'declined' | 'authentication';

/** The Luhn checksum every real card number passes. */
export function passesLuhn(number: string) {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

const brandOf = (number: string) =>
  number.startsWith('4') ? 'Visa' : /^5[1-5]|^2[2-7]/.test(number) ? 'Mastercard' : /^3[47]/.test(number) ? 'American Express' : 'Card';

const behaviourOf = (number: string): Behaviour =>
  number === SANDBOX_CARDS.declined ? 'declined' : number === SANDBOX_CARDS.authentication ? 'authentication' : 'success';

/**
 * The embedded gateway: no money moves. Cards behave like Stripe's test cards (4242… pays,
 * 4000…0002 is declined, 4000 0025 0000 3155 asks for 3-D Secure). The number itself is never
 * kept: the card's token carries only how it behaves.
 */
export function createSandboxGateway(): PaymentGateway {
  return {
    name: 'sandbox',
    async addCard(_customer, input) {
      const card = parseOrThrow(sandboxCardSchema, input);
      if (!passesLuhn(card.number))
        throw unprocessable('This card number is not valid', [{ field: 'number', message: 'is not a valid card number' }]);
      const now = new Date();
      if (card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1)) {
        throw unprocessable('This card has expired', [{ field: 'expYear', message: 'the card has expired' }]);
      }
      return {
        gatewayCardId: `sandbox_${behaviourOf(card.number)}_${randomBytes(8).toString('hex')}`,
        brand: brandOf(card.number),
        last4: card.number.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        holderName: card.holderName,
      };
    },
    async removeCard() {},
    // Nothing moved on a card, so there is nothing to give back.
    async refund() {},
    async charge({ card, idempotencyKey }) {
      const behaviour = card.gatewayCardId.split('_')[1] as Behaviour;
      const outcome: ChargeOutcome =
        behaviour === 'declined'
          ? { status: 'fail', reason: 'Your card was declined' }
          : behaviour === 'authentication'
            ? { status: 'require_authentication', reason: 'Your bank asks you to confirm this payment' }
            : { status: 'success' };
      return { gatewayRef: `sandbox_payment_${idempotencyKey}`, outcome };
    },
  };
}
