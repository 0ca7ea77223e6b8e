import { type CardChargeInput, fromCents, type WalletChargeRouteType } from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { conflict } from '../../platform/errors';
import { intentOf, storedAnswer } from '../../platform/idempotency';
import { prepareCharge } from '../wallet';
import { startCardPayment } from './card-payments';
import { owns } from './repo/purchases';
import { transactionFor } from './transactions';

/**
 * `POST /payment/charges/{type}/{id}`: pays a tip or an item with a card (decision 032). The
 * charge is checked as the wallet checks it, then a `charge` card payment names it; nothing is
 * granted until the gateway confirms, when the same transaction credits the wallet with what was
 * paid and books the ordinary wallet charge (`settlePayment`). A declined card moves nothing;
 * 3-D Secure leaves the payment waiting, and the purchase with it.
 */
export async function payByCard(
  deps: Deps,
  fan: SessionUser,
  type: string,
  id: string,
  { cardId, ...input }: CardChargeInput,
  request: FastifyRequest,
) {
  const intent = intentOf(request);
  // A retry of a purchase already made answers it, whatever has changed since (it is bought now).
  const replay = intent && (await storedAnswer<{ paymentId: string }>(deps.db, fan.id, intent));
  if (replay) return transactionFor(deps, fan, replay.answer.paymentId);
  const { sale } = await prepareCharge(deps, fan, type, id, input);
  if (sale.unlocks && sale.itemId && (await owns(deps.db, fan.id, sale.unlocks, sale.itemId))) {
    throw conflict('You have already bought this');
  }
  const paymentId = await startCardPayment(deps, fan, intent, {
    type: 'charge',
    amountCents: sale.priceCents,
    tokensCents: sale.priceCents,
    performerId: sale.performerId,
    // The price as it is now: a change before the card pays refuses the purchase, never charges another amount.
    purchase: { type: type as WalletChargeRouteType, itemId: id, input: { ...input, price: fromCents(sale.priceCents) } },
    cardId,
  });
  return transactionFor(deps, fan, paymentId);
}
