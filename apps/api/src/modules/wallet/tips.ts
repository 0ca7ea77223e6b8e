import { formatTokens, fromCents, toCents } from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps, Sale, Sellable } from '../../deps';
import { drawsFrom, messageBudget } from '../../platform/account-budgets';
import { requireUser, type SessionUser } from '../../platform/auth';
import { badRequest } from '../../platform/errors';

/** Where a tip may be sent besides the creator's page: a live session's chat, a conversation. Its module makes the sale. */
export type TipPlace = (
  deps: Deps,
  fan: SessionUser,
  tip: { performerId: string; placeId: string; cents: number; text: string },
) => Promise<Sale>;

/**
 * A tip (id: the creator), at an amount between the site's limits, sent on the creator's page,
 * in a live session's chat (`sessionId`) or in the fan's conversation with them
 * (`conversationId`), whose modules hand their places in through app.ts (decision 076).
 */
export const tipSellable = (places: { session: TipPlace; conversation: TipPlace }): Sellable => ({
  type: 'tip',
  noun: 'tip',
  refundedAs: 'a tip',
  ownFields: { fields: ['sessionId', 'conversationId'], for: 'tips' },
  sell: async (deps, fan, performerId, input) => {
    if (input.price === undefined) throw badRequest('price is required for a tip', [{ field: 'price', message: 'is required' }]);
    const [min, max] = [deps.settings.get('minimumTipPrice'), deps.settings.get('maximumTipPrice')];
    if (input.price < min || input.price > max) {
      throw badRequest(`A tip must be between ${min} and ${max} tokens`, [
        { field: 'price', message: `must be between ${min} and ${max}` },
      ]);
    }
    if (input.sessionId && input.conversationId) {
      throw badRequest('A tip goes to a live session or a conversation, not both', [
        { field: 'conversationId', message: 'must be left out with sessionId' },
      ]);
    }
    const cents = toCents(input.price);
    const place = input.sessionId ? places.session : input.conversationId ? places.conversation : undefined;
    const sale: Sale = place
      ? await place(deps, fan, { performerId, placeId: (input.sessionId ?? input.conversationId)!, cents, text: input.message ?? '' })
      : { performerId, priceCents: cents, itemId: null, once: false };
    return { ...sale, notice: { kind: 'tip', text: `${fan.name} tipped you ${formatTokens(fromCents(cents))}` } };
  },
});

const isTip = (request: FastifyRequest) => (request.params as { type?: string }).type === 'tip';
const carriesMessage = (request: FastifyRequest) => isTip(request) && !!(request.body as { conversationId?: string }).conversationId;

/**
 * The guard of the routes that pay a tip (from the wallet or by card): a tip sent in a
 * conversation is a message too, drawn from the message budget. Tips themselves have no budget:
 * each is paid, and the money module holds under any number at once (money/concurrency.test.ts).
 */
export const tipGuards = (deps: Pick<Deps, 'budgets'>) => [requireUser, drawsFrom(deps.budgets, messageBudget, carriesMessage)];
