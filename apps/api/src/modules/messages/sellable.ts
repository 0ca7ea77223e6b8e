import type { Sellable } from '../../deps';
import { itemSale } from '../../platform/selling';
import { messageForSale } from './messages';

/** A paid message, as the wallet sells it (decision 076): bought once by a member it was sent to. */
export const messageSellable: Sellable = {
  type: 'message',
  noun: 'message',
  refundedAs: 'a paid message',
  sell: async (deps, fan, id) => itemSale(await messageForSale(deps, fan, id)),
};
