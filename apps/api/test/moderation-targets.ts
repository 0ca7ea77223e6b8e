import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import {
  comments,
  conversationMembers,
  conversations,
  messages,
  products,
  stories,
  streamSessions,
  streams,
  videos,
} from '../src/db/schema';

/**
 * One item of each kind a fan may report and an admin moderate that the moderation tests need
 * besides posts and photos (which go through the API), written straight to the database: a video,
 * a product, a story, the fan's comment on `feedId`, the creator's private conversation with the
 * fan (an earlier line, then `lastMessage`, its preview), and a live session with the fan's chat line.
 */
export async function insertModerationTargets(db: Database, creatorId: string, fanId: string, feedId: string) {
  const [video] = await db.insert(videos).values({ performerId: creatorId, title: 'A video' }).returning();
  const [product] = await db.insert(products).values({ performerId: creatorId, title: 'A poster', type: 'physical', stock: 3 }).returning();
  const [story] = await db
    .insert(stories)
    .values({ performerId: creatorId, type: 'text', text: 'A story', expiresAt: new Date(Date.now() + 3_600_000) })
    .returning();
  const [comment] = await db
    .insert(comments)
    .values({ objectType: 'feed', objectId: feedId, userId: fanId, content: 'Rude words' })
    .returning();
  const [conversation] = await db
    .insert(conversations)
    .values({ pairKey: [fanId, creatorId].sort().join(':') })
    .returning();
  await db.insert(conversationMembers).values([
    { conversationId: conversation!.id, userId: fanId, otherUserId: creatorId },
    { conversationId: conversation!.id, userId: creatorId, otherUserId: fanId },
  ]);
  await db
    .insert(messages)
    .values({ conversationId: conversation!.id, senderId: creatorId, text: 'Hello there', createdAt: new Date(Date.now() - 60_000) });
  const [message] = await db
    .insert(messages)
    .values({ conversationId: conversation!.id, senderId: creatorId, text: 'Buy my stuff elsewhere' })
    .returning();
  await db
    .update(conversations)
    .set({ lastMessageId: message!.id, lastMessageText: message!.text, lastSenderId: creatorId, lastMessageAt: message!.createdAt })
    .where(eq(conversations.id, conversation!.id));
  const [chat] = await db
    .insert(conversations)
    .values({ type: 'stream', pairKey: `stream:${crypto.randomUUID()}` })
    .returning();
  const [stream] = await db.insert(streams).values({ performerId: creatorId }).returning();
  const [live] = await db
    .insert(streamSessions)
    .values({ streamId: stream!.id, performerId: creatorId, conversationId: chat!.id, access: 'subscribers' })
    .returning();
  const [line] = await db.insert(messages).values({ conversationId: chat!.id, senderId: fanId, text: 'A chat line' }).returning();
  return {
    video: video!.id,
    product: product!.id,
    story: story!.id,
    comment: comment!.id,
    conversation: conversation!.id,
    message: message!.id,
    chat: chat!.id,
    live: live!.id,
    liveChat: line!.id,
  };
}
