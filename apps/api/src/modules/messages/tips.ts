import type { FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/client';
import type { Deps } from '../../deps';
import { drawsFrom, messageBudget } from '../../platform/account-budgets';
import { requireUser, type SessionUser } from '../../platform/auth';
import { badRequest, notFound } from '../../platform/errors';
import { membership } from './conversations';
import { announce, type SentMessage } from './events';
import { type MessageTip, writeMessage } from './messages';

const isTip = (request: FastifyRequest) => (request.params as { type?: string }).type === 'tip';
const carriesMessage = (request: FastifyRequest) => isTip(request) && !!(request.body as { conversationId?: string }).conversationId;

/**
 * The guard of the routes that pay a tip (from the wallet or by card): a tip sent in a
 * conversation is a message too, drawn from the message budget. Tips themselves have no budget:
 * each is paid, and the money module holds under any number at once (money/concurrency.test.ts).
 */
export const tipGuards = (deps: Pick<Deps, 'budgets'>) => [requireUser, drawsFrom(deps.budgets, messageBudget, carriesMessage)];

/**
 * A tip sent in a conversation: the wallet's charge pays it and, in the same transaction, writes
 * its line in the thread (the amount, with the fan's message as its text), which both members
 * see arrive once the payment has committed. Checked before any money moves: the conversation
 * must be the fan's own with the creator tipped.
 */
export async function assertTipConversation(deps: Deps, fan: SessionUser, conversationId: string, performerId: string) {
  const { conversation, member } = await membership(deps.db, fan, conversationId);
  if (conversation.type !== 'private' || member.otherUserId !== performerId) {
    throw badRequest('conversationId: is not your conversation with this creator', [
      { field: 'conversationId', message: 'must be your conversation with this creator' },
    ]);
  }
}

/** The tip's line, written inside the charge's transaction; a block found meanwhile refuses the tip with it. */
export async function writeTipMessage(tx: Transaction, fan: SessionUser, conversationId: string, text: string, tip: MessageTip) {
  const sent = await writeMessage(tx, fan, conversationId, { text, price: 0 }, [], true, tip);
  if (!sent) throw notFound('Conversation');
  return sent;
}

/** After the commit: the line and the conversation's new summary reach both members. */
export const announceTipMessage = (deps: Deps, sent: SentMessage) => announce.sent(deps, sent);
