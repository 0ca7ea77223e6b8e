import type { Deps, Sale } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { membership } from './conversations';
import { announce, type SentMessage } from './events';
import { writeMessage } from './messages';

/**
 * A tip sent in the fan's conversation with the creator (the wallet's tip with a
 * `conversationId`): checked before any money moves (the conversation must be the fan's own with
 * the creator tipped); its line in the thread (the amount, with the fan's message as its text) is
 * written inside the charge's transaction, where a block found meanwhile refuses the tip with it,
 * and reaches both members once the payment has committed.
 */
export async function tipInConversation(
  deps: Deps,
  fan: SessionUser,
  tip: { performerId: string; placeId: string; cents: number; text: string },
): Promise<Sale> {
  const { conversation, member } = await membership(deps.db, fan, tip.placeId);
  if (conversation.type !== 'private' || member.otherUserId !== tip.performerId) {
    throw badRequest('conversationId: is not your conversation with this creator', [
      { field: 'conversationId', message: 'must be your conversation with this creator' },
    ]);
  }
  let sent: SentMessage | null = null;
  return {
    performerId: tip.performerId,
    priceCents: tip.cents,
    itemId: null,
    once: false,
    after: async (tx, charge) => {
      sent = await writeMessage(tx, fan, tip.placeId, { text: tip.text, price: 0 }, [], true, { cents: tip.cents, chargeId: charge.id });
      if (!sent) throw notFound('Conversation');
    },
    announce: () => {
      if (sent) announce.sent(deps, sent);
    },
  };
}
