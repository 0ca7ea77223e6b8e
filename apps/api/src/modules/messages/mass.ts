import { formatTokens, fromCents, type MassMessage, type sendMassMessageSchema, toCents } from '@limelight/contracts';
import { z } from 'zod';
import type { massMessages } from '../../db/schema/messages';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { jobKind } from '../../platform/jobs';
import { presentMediaFile } from '../media';
import { notifyMany } from '../notifications';
import { announceToMany } from './events';
import { checkAttachments } from './messages';
import { summaryOf } from './present';
import { conversationsWith, lockConversations } from './repo/conversations';
import { attachMassMessageFiles, massMessageFileCount } from './repo/files';
import { boughtMessageIds } from './repo/lines';
import {
  advanceMassCursor,
  audienceSize,
  countMassCopy,
  creatorName,
  filesAndResultsOf,
  insertMassCopies,
  insertMassMessage,
  lockedMassMessage,
  lockedOwnMassMessage,
  markLastMessagesDeleted,
  markMassCopiesDeleted,
  massCopyConversations,
  ownMassMessage,
  pageOfMassMessages,
  recipientsAfter,
  setMassCopyLast,
  setMassMessageStatus,
  uncountMassCopies,
} from './repo/mass';

/**
 * Mass messages (decision 013): a creator writes once to all their subscribers, followers, or
 * both; a job delivers a copy into each recipient's own conversation in batches. Each batch is one
 * transaction that also moves the cursor, and a copy is unique per conversation, so a run that
 * dies resumes where the last batch ended and reaches everyone exactly once.
 */
export const MASS_SEND_JOB = jobKind('messages.mass-send', z.object({ massMessageId: z.string() }));
const BATCH = 500;

type MassRow = typeof massMessages.$inferSelect;

export async function sendMassMessage(deps: Deps, performer: SessionUser, input: z.output<typeof sendMassMessageSchema>) {
  const id = await deps.db.transaction(async (tx) => {
    await checkAttachments(tx, performer, input.fileIds);
    const recipientsTotal = await audienceSize(tx, performer.id, input.audience);
    const massMessageId = await insertMassMessage(tx, {
      performerId: performer.id,
      audience: input.audience,
      text: input.text,
      priceCents: input.price ? toCents(input.price) : 0,
      recipientsTotal,
    });
    if (input.fileIds.length) {
      await attachMassMessageFiles(tx, massMessageId, input.fileIds);
    }
    await deps.jobs.enqueue(tx, MASS_SEND_JOB, { massMessageId }, { key: `mass-message:${massMessageId}` });
    return massMessageId;
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
    const mass = await lockedMassMessage(tx, massMessageId);
    if (mass?.status !== 'sending') return undefined;
    const recipients = (await recipientsAfter(tx, mass, BATCH)).map((row) => row.id);
    if (!recipients.length) {
      await setMassMessageStatus(tx, mass.id, 'sent');
      return undefined;
    }
    const conversationIds = await conversationsWith(tx, mass.performerId, recipients);
    const now = new Date();
    const copies = await insertMassCopies(tx, mass, [...conversationIds.values()], now);
    const reached = copies.map((copy) => copy.conversationId);
    if (reached.length) {
      await lockConversations(tx, reached);
      const fileCount = await massMessageFileCount(tx, mass.id);
      await setMassCopyLast(tx, mass, reached, summaryOf(mass.text, fileCount), now);
      await countMassCopy(tx, mass.performerId, reached, now);
    }
    if (mass.priceCents > 0 && reached.length) {
      // A paid one is also an offer: its new recipients hear of it in their notifications, in this batch.
      const fanOf = new Map([...conversationIds].map(([fanId, conversationId]) => [conversationId, fanId]));
      const creator = await creatorName(tx, mass.performerId);
      await notifyMany(deps, tx, {
        kind: 'paid_message',
        actorId: mass.performerId,
        text: `${creator ?? 'A creator'} sent you a paid message (${formatTokens(fromCents(mass.priceCents))})`,
        link: '/messages',
        userIds: reached.map((conversationId) => fanOf.get(conversationId)!),
      });
    }
    await advanceMassCursor(tx, mass.id, recipients.at(-1)!, copies.length);
    return { copies, performerId: mass.performerId };
  });
  if (!delivered) return false;
  await announceToMany(deps, delivered.copies, 'message_created');
  return true;
}

/**
 * `DELETE /messages/mass/{id}`: the creator takes a mass message back. Delivery stops, every copy
 * shows "Message deleted!", and copies not yet read stop counting as unseen. A copy a fan bought
 * stays theirs (domain rules): it leaves sale, and its buyer keeps reading it and is not told.
 */
export async function unsendMassMessage(deps: Deps, performer: SessionUser, id: string) {
  const taken = await deps.db.transaction(async (tx) => {
    const mass = await lockedOwnMassMessage(tx, id, performer.id);
    if (!mass) throw notFound('Mass message');
    if (mass.status === 'unsent') return [];
    await setMassMessageStatus(tx, id, 'unsent');
    await lockConversations(
      tx,
      (await massCopyConversations(tx, id)).map((row) => row.id),
    );
    await uncountMassCopies(tx, id, performer.id);
    const copies = await markMassCopiesDeleted(tx, id);
    const bought = await boughtMessageIds(
      tx,
      copies.map((copy) => copy.id),
    );
    const gone = copies.filter((copy) => !bought.has(copy.id));
    await markLastMessagesDeleted(tx, gone.map((copy) => copy.id).concat([id]));
    return gone;
  });
  await announceToMany(deps, taken, 'message_deleted');
  return massMessageFor(deps, performer, id);
}

/** The creator's mass messages, newest first, each with its progress and results. */
export async function listMassMessages(deps: Deps, performer: SessionUser, page: { offset: number; limit: number }) {
  const { rows, total } = await pageOfMassMessages(deps.db, performer.id, page);
  return { data: await presentMassMessages(deps, rows), total };
}

export async function massMessageFor(deps: Deps, performer: SessionUser, id: string): Promise<MassMessage> {
  const row = await ownMassMessage(deps.db, id, performer.id);
  if (!row) throw notFound('Mass message');
  return (await presentMassMessages(deps, [row]))[0]!;
}

/** Results for a page of mass messages in four grouped queries: files, seen, purchases, revenue. */
async function presentMassMessages(deps: Deps, rows: MassRow[]): Promise<MassMessage[]> {
  if (!rows.length) return [];
  const [attached, seen, purchased, revenue] = await filesAndResultsOf(
    deps.db,
    rows.map((row) => row.id),
  );
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
