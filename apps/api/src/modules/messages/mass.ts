import { DELETED_MESSAGE_TEXT, formatTokens, fromCents, type MassMessage, type sendMassMessageSchema, toCents } from '@limelight/contracts';
import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { files } from '../../db/read/media';
import { purchasedItems, walletCharges } from '../../db/read/money';
import { users } from '../../db/read/users';
import { conversationMembers, conversations, massMessageFiles, massMessages, messages } from '../../db/schema/messages';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { jobKind } from '../../platform/jobs';
import { fansOf } from '../access';
import { presentMediaFile } from '../media';
import { notifyMany } from '../notifications';
import { lockConversations } from './conversations';
import { announceToMany } from './events';
import { boughtMessageIds, checkAttachments } from './messages';
import { summaryOf } from './present';

/**
 * Mass messages (decision 013): a creator writes once to all their subscribers, followers, or
 * both; a job delivers a copy into each recipient's own conversation in batches. Each batch is one
 * transaction that also moves the cursor, and a copy is unique per conversation, so a run that
 * dies resumes where the last batch ended and reaches everyone exactly once.
 */
export const MASS_SEND_JOB = jobKind('messages.mass-send', z.object({ massMessageId: z.string() }));
const BATCH = 500;

type MassRow = typeof massMessages.$inferSelect;

/** The next recipients after `cursor`, in id order. */
const recipientsAfter = (db: Queryable, mass: MassRow) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(fansOf(mass.performerId, mass.audience), mass.cursor ? gt(users.id, mass.cursor) : undefined))
    .orderBy(asc(users.id))
    .limit(BATCH);

export async function sendMassMessage(deps: Deps, performer: SessionUser, input: z.output<typeof sendMassMessageSchema>) {
  const id = await deps.db.transaction(async (tx) => {
    await checkAttachments(tx, performer, input.fileIds);
    const [audience] = await tx.select({ total: count() }).from(users).where(fansOf(performer.id, input.audience));
    const [row] = await tx
      .insert(massMessages)
      .values({
        performerId: performer.id,
        audience: input.audience,
        text: input.text,
        priceCents: input.price ? toCents(input.price) : 0,
        recipientsTotal: audience?.total ?? 0,
      })
      .returning({ id: massMessages.id });
    if (input.fileIds.length) {
      await tx.insert(massMessageFiles).values(input.fileIds.map((fileId, position) => ({ massMessageId: row!.id, fileId, position })));
    }
    await deps.jobs.enqueue(tx, MASS_SEND_JOB, { massMessageId: row!.id }, { key: `mass-message:${row!.id}` });
    return row!.id;
  });
  return massMessageFor(deps, performer, id);
}

export function registerMassDelivery(deps: Deps) {
  deps.jobs.register(MASS_SEND_JOB, async ({ massMessageId }) => {
    while (await deliverBatch(deps, massMessageId)) {
      // Each batch commits on its own: progress shows, and a crash loses at most one batch's work.
    }
  });
}

/** Delivers the next batch; says whether there may be more. */
export async function deliverBatch(deps: Deps, massMessageId: string): Promise<boolean> {
  const delivered = await deps.db.transaction(async (tx) => {
    const [mass] = await tx.select().from(massMessages).where(eq(massMessages.id, massMessageId)).for('update');
    if (mass?.status !== 'sending') return undefined;
    const recipients = (await recipientsAfter(tx, mass)).map((row) => row.id);
    if (!recipients.length) {
      await tx.update(massMessages).set({ status: 'sent' }).where(eq(massMessages.id, mass.id));
      return undefined;
    }
    const conversationIds = await conversationsWith(tx, mass.performerId, recipients);
    const now = new Date();
    const copies = await tx
      .insert(messages)
      .values(
        [...conversationIds.values()].map((conversationId) => ({
          conversationId,
          senderId: mass.performerId,
          text: mass.text,
          priceCents: mass.priceCents,
          massMessageId: mass.id,
          createdAt: now,
        })),
      )
      .onConflictDoNothing({ target: [messages.massMessageId, messages.conversationId] })
      .returning();
    const reached = copies.map((copy) => copy.conversationId);
    if (reached.length) {
      await lockConversations(tx, reached);
      const fileCount = (await tx.select({ n: count() }).from(massMessageFiles).where(eq(massMessageFiles.massMessageId, mass.id)))[0]!.n;
      await tx
        .update(conversations)
        .set({
          lastMessageText: summaryOf(mass.text, fileCount),
          lastMessageAt: now,
          lastSenderId: mass.performerId,
          lastMessageId: sql`(
          select ${messages.id} from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.massMessageId} = ${mass.id})`,
        })
        .where(inArray(conversations.id, reached));
      await tx
        .update(conversationMembers)
        // Each fan has one more unseen. The creator has not read these conversations by writing
        // to them all at once: their side keeps its own count and read mark.
        .set({
          lastActivityAt: now,
          unreadCount: sql`case when ${conversationMembers.userId} = ${mass.performerId} then ${conversationMembers.unreadCount} else ${conversationMembers.unreadCount} + 1 end`,
        })
        .where(inArray(conversationMembers.conversationId, reached));
    }
    if (mass.priceCents > 0 && reached.length) {
      // A paid one is also an offer: its new recipients hear of it in their notifications, in this batch.
      const fanOf = new Map([...conversationIds].map(([fanId, conversationId]) => [conversationId, fanId]));
      const [creator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, mass.performerId));
      await notifyMany(deps, tx, {
        kind: 'paid_message',
        actorId: mass.performerId,
        text: `${creator?.name ?? 'A creator'} sent you a paid message (${formatTokens(fromCents(mass.priceCents))})`,
        link: '/messages',
        userIds: reached.map((conversationId) => fanOf.get(conversationId)!),
      });
    }
    await tx
      .update(massMessages)
      .set({ cursor: recipients.at(-1)!, deliveredCount: sql`${massMessages.deliveredCount} + ${copies.length}` })
      .where(eq(massMessages.id, mass.id));
    return { copies, performerId: mass.performerId };
  });
  if (!delivered) return false;
  await announceToMany(deps, delivered.copies, 'message_created');
  return true;
}

/** Each recipient's conversation with the creator, opened where there is none yet (by the creator). */
async function conversationsWith(tx: Queryable, performerId: string, recipientIds: string[]) {
  const keyOf = (id: string) => (id < performerId ? `${id}:${performerId}` : `${performerId}:${id}`);
  await tx
    .insert(conversations)
    .values(recipientIds.map((id) => ({ pairKey: keyOf(id), startedBy: performerId })))
    .onConflictDoNothing({ target: conversations.pairKey });
  const rows = await tx
    .select({ id: conversations.id, pairKey: conversations.pairKey })
    .from(conversations)
    .where(inArray(conversations.pairKey, recipientIds.map(keyOf)));
  const byKey = new Map(rows.map((row) => [row.pairKey, row.id]));
  const result = new Map(recipientIds.map((id) => [id, byKey.get(keyOf(id))!]));
  await tx
    .insert(conversationMembers)
    .values(
      [...result].flatMap(([fanId, conversationId]) => [
        { conversationId, userId: fanId, otherUserId: performerId },
        { conversationId, userId: performerId, otherUserId: fanId },
      ]),
    )
    .onConflictDoNothing();
  return result;
}

/**
 * `DELETE /messages/mass/{id}`: the creator takes a mass message back. Delivery stops, every copy
 * shows "Message deleted!", and copies not yet read stop counting as unseen. A copy a fan bought
 * stays theirs (domain rules): it leaves sale, and its buyer keeps reading it and is not told.
 */
export async function unsendMassMessage(deps: Deps, performer: SessionUser, id: string) {
  const taken = await deps.db.transaction(async (tx) => {
    const [mass] = await tx
      .select()
      .from(massMessages)
      .where(and(eq(massMessages.id, id), eq(massMessages.performerId, performer.id)))
      .for('update');
    if (!mass) throw notFound('Mass message');
    if (mass.status === 'unsent') return [];
    await tx.update(massMessages).set({ status: 'unsent' }).where(eq(massMessages.id, id));
    await lockConversations(
      tx,
      (await tx.select({ id: messages.conversationId }).from(messages).where(eq(messages.massMessageId, id))).map((row) => row.id),
    );
    await tx.execute(sql`
      update ${conversationMembers} set unread_count = greatest(${conversationMembers.unreadCount} - 1, 0)
      from ${messages}
      where ${messages.massMessageId} = ${id} and not ${messages.isDeleted}
        and ${conversationMembers.conversationId} = ${messages.conversationId} and ${conversationMembers.userId} <> ${performer.id}
        and (${conversationMembers.lastReadAt} is null or ${conversationMembers.lastReadAt} < ${messages.createdAt})`);
    const copies = await tx.update(messages).set({ isDeleted: true }).where(eq(messages.massMessageId, id)).returning();
    const bought = await boughtMessageIds(
      tx,
      copies.map((copy) => copy.id),
    );
    const gone = copies.filter((copy) => !bought.has(copy.id));
    await tx
      .update(conversations)
      .set({ lastMessageText: DELETED_MESSAGE_TEXT })
      .where(inArray(conversations.lastMessageId, gone.map((copy) => copy.id).concat([id])));
    return gone;
  });
  await announceToMany(deps, taken, 'message_deleted');
  return massMessageFor(deps, performer, id);
}

/** The creator's mass messages, newest first, each with its progress and results. */
export async function listMassMessages(deps: Deps, performer: SessionUser, page: { offset: number; limit: number }) {
  const where = eq(massMessages.performerId, performer.id);
  const { rows, total } = await pageOf(
    deps.db.select().from(massMessages).where(where).orderBy(desc(massMessages.createdAt)).$dynamic(),
    page,
    deps.db.$count(massMessages, where),
  );
  return { data: await presentMassMessages(deps, rows), total };
}

export async function massMessageFor(deps: Deps, performer: SessionUser, id: string): Promise<MassMessage> {
  const [row] = await deps.db
    .select()
    .from(massMessages)
    .where(and(eq(massMessages.id, id), eq(massMessages.performerId, performer.id)));
  if (!row) throw notFound('Mass message');
  return (await presentMassMessages(deps, [row]))[0]!;
}

/** Results for a page of mass messages in four grouped queries: files, seen, purchases, revenue. */
async function presentMassMessages(deps: Deps, rows: MassRow[]): Promise<MassMessage[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const copyIds = deps.db.select({ id: messages.id }).from(messages).where(inArray(messages.massMessageId, ids));
  const [attached, seen, purchased, revenue] = await Promise.all([
    deps.db
      .select({ massMessageId: massMessageFiles.massMessageId, file: files })
      .from(massMessageFiles)
      .innerJoin(files, eq(files.id, massMessageFiles.fileId))
      .where(inArray(massMessageFiles.massMessageId, ids))
      .orderBy(asc(massMessageFiles.position)),
    deps.db
      .select({ massMessageId: messages.massMessageId, n: count() })
      .from(messages)
      .innerJoin(
        conversationMembers,
        and(eq(conversationMembers.conversationId, messages.conversationId), ne(conversationMembers.userId, messages.senderId)),
      )
      .where(and(inArray(messages.massMessageId, ids), sql`${conversationMembers.lastReadAt} >= ${messages.createdAt}`))
      .groupBy(messages.massMessageId),
    deps.db
      .select({ massMessageId: messages.massMessageId, n: count() })
      .from(purchasedItems)
      .innerJoin(messages, eq(messages.id, purchasedItems.itemId))
      .where(and(eq(purchasedItems.itemType, 'message'), inArray(purchasedItems.itemId, copyIds)))
      .groupBy(messages.massMessageId),
    deps.db
      .select({ massMessageId: messages.massMessageId, cents: sql<number>`coalesce(sum(${walletCharges.grossCents}), 0)::bigint` })
      .from(walletCharges)
      .innerJoin(messages, eq(messages.id, walletCharges.itemId))
      .where(and(eq(walletCharges.type, 'message'), eq(walletCharges.status, 'success'), inArray(walletCharges.itemId, copyIds)))
      .groupBy(messages.massMessageId),
  ]);
  const by = <T extends { massMessageId: string | null }>(list: T[]) => new Map(list.map((item) => [item.massMessageId, item]));
  const [seenBy, purchasedBy, revenueBy] = [by(seen), by(purchased), by(revenue)];
  return rows.map((row) => ({
    _id: row.id,
    audience: row.audience,
    text: row.text,
    files: attached
      .filter((item) => item.massMessageId === row.id)
      .map((item) => presentMediaFile(item.file, { signer: deps.mediaSigner, canView: true })),
    price: row.priceCents / 100,
    status: row.status,
    recipients: row.recipientsTotal,
    delivered: row.deliveredCount,
    seen: seenBy.get(row.id)?.n ?? 0,
    purchased: purchasedBy.get(row.id)?.n ?? 0,
    revenue: Number(revenueBy.get(row.id)?.cents ?? 0) / 100,
    createdAt: row.createdAt.toISOString(),
  }));
}
