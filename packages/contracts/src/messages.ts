import { z } from 'zod';
import { listQuerySchema } from './list';
import { mediaFileSchema } from './media';
import { salePriceSchema } from './performers';
import { publicUserSchema } from './users';

/** Spec 9: a thread opens on its newest 25 messages; older pages load 25 at a time. */
export const MESSAGE_PAGE_SIZE = 25;
export const MAX_MESSAGE_LENGTH = 4000;
export const MAX_MESSAGE_FILES = 10;
/** What the other side sees in place of a deleted message (spec 4). */
export const DELETED_MESSAGE_TEXT = 'Message deleted!';

export const conversationStatuses = ['active', 'deactivated'] as const;

/**
 * Who may start a conversation with a creator, a creator's choice: their subscribers (the
 * default), also their followers, or everyone signed in.
 */

/** `POST /conversations`: the other party, by the kind of account and its id. */
export const createConversationSchema = z.object({
  source: z.enum(['user', 'performer']),
  sourceId: z.uuid('must be an id'),
});

export const conversationQuerySchema = listQuerySchema(['lastMessageCreatedAt']).extend({
  keyword: z.string().trim().max(100, 'must be at most 100 characters').optional(),
});

/** A conversation as one of its two members sees it (spec 3). */
export const conversationSchema = z.object({
  _id: z.string(),
  type: z.literal('private'),
  /** The other member's public profile. */
  recipientInfo: publicUserSchema,
  /** Whether the other member is connected now, else when they were last. */
  recipientPresence: z.object({ isOnline: z.boolean(), lastSeenAt: z.string().nullable() }),
  lastMessage: z.string().nullable(),
  lastMessageCreatedAt: z.string().nullable(),
  lastSenderId: z.string().nullable(),
  /** Messages the reader has not seen yet. */
  totalNotSeenMessages: z.number().int(),
  status: z.enum(conversationStatuses),
  /** Why a deactivated conversation takes no messages. */
  deactivatedReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const messageQuerySchema = z.object({
  offset: z.coerce.number().int().min(0, 'must be 0 or more').default(0),
  limit: z.coerce.number().int().min(1, 'must be 1 or more').max(100, 'must be at most 100').default(MESSAGE_PAGE_SIZE),
});

/**
 * `POST /messages/conversations/{id}`: text and files uploaded first; a creator may price a
 * message with media, which the fan then buys to see it.
 */
const messageContent = {
  text: z.string().trim().max(MAX_MESSAGE_LENGTH, `must be at most ${MAX_MESSAGE_LENGTH} characters`).default(''),
  fileIds: z.array(z.uuid('must be ids')).max(MAX_MESSAGE_FILES, `must be at most ${MAX_MESSAGE_FILES} files`).default([]),
  price: salePriceSchema.optional(),
};

/** A message says something or shows something; a price is for media. */
function checkContent(message: { text: string; fileIds: string[]; price?: number }, context: z.RefinementCtx) {
  if (!message.text && !message.fileIds.length) context.addIssue({ code: 'custom', path: ['text'], message: 'is required without files' });
  if (message.price && !message.fileIds.length) {
    context.addIssue({ code: 'custom', path: ['fileIds'], message: 'must hold the media of a paid message' });
  }
}

export const sendMessageSchema = z.object(messageContent).superRefine(checkContent);
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** A message as one reader sees it: a paid message's media are locked until they buy it. */
export const messageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  text: z.string(),
  files: z.array(mediaFileSchema),
  /** Tokens; 0 for a free message. */
  price: z.number(),
  /** A tip sent in the conversation (tokens): the line says so, with the fan's message as its text. */
  tip: z.number().nullable(),
  /** The reader may see the media: the sender, a free message, or one they bought. */
  canView: z.boolean(),
  isBought: z.boolean(),
  isDeleted: z.boolean(),
  /** The other member has read up to here (shown to the sender as ticks). */
  isSeen: z.boolean(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const unreadTotalSchema = z.object({ total: z.number().int() });

export const massAudiences = ['subscribers', 'followers', 'all'] as const;

/** `POST /messages/mass`: one message to all the creator's subscribers, followers, or both. */
export const sendMassMessageSchema = z.object({ audience: z.enum(massAudiences), ...messageContent }).superRefine(checkContent);
export type SendMassMessageInput = z.input<typeof sendMassMessageSchema>;

/** A mass message with its delivery progress and what it did, as its creator sees it. */
export const massMessageSchema = z.object({
  _id: z.string(),
  audience: z.enum(massAudiences),
  text: z.string(),
  files: z.array(mediaFileSchema),
  price: z.number(),
  status: z.enum(['sending', 'sent', 'unsent']),
  recipients: z.number().int(),
  delivered: z.number().int(),
  seen: z.number().int(),
  purchased: z.number().int(),
  /** Tokens the fans paid for it (before commission). */
  revenue: z.number(),
  createdAt: z.string(),
});
export type MassMessage = z.infer<typeof massMessageSchema>;
