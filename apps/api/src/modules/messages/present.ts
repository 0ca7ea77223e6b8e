import { DELETED_MESSAGE_TEXT, fromCents, type Message } from '@limelight/contracts';
import type { messages } from '../../db/schema/messages';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { type Access, accessFrom, accessTo } from '../access';
import { type FileRow, presentMediaFile } from '../media';
import { othersReadAt } from './repo/conversations';
import { filesOfMassMessages, filesOfMessages } from './repo/files';

export type MessageRow = typeof messages.$inferSelect;

/**
 * Messages as one reader sees them, for a page at once: a deleted one says so and shows
 * nothing; a paid one shows its text, blurred previews and price until the reader buys it (its
 * media links are never made before); the sender sees whether the other member has read it.
 */
export async function presentMessages(deps: Deps, reader: SessionUser, rows: MessageRow[]): Promise<Message[]> {
  if (!rows.length) return [];
  const [attached, access, readers] = await Promise.all([
    attachedFiles(deps, rows),
    accessTo(deps.db, reader, 'message', rows.map(gated)),
    othersReadAt(deps.db, [...new Set(rows.map((row) => row.conversationId))], reader.id),
  ]);
  const otherReadAt = new Map(readers.map((row) => [row.conversationId, row.lastReadAt]));
  return rows.map((row) => {
    const readAt = otherReadAt.get(row.conversationId);
    // access: not a permission (a message the reader did not send is seen by them once read)
    const isSeen = row.senderId !== reader.id || (!!readAt && readAt >= row.createdAt);
    return messageView(deps, row, attached.get(row.id) ?? [], access.get(row.id)!, isSeen);
  });
}

/**
 * A message just sent, as one member sees it, from what the send already holds: nobody has
 * bought or read it yet, and the send found the pair unblocked. No query, so a send's socket
 * events cost nothing more than the emits. (A creator's country block is the reader's own
 * request's business: it applies when they load the thread.)
 */
export function presentNewMessage(deps: Deps, reader: SessionUser, row: MessageRow, attached: FileRow[]): Message {
  const access = accessFrom(reader, gated(row), { refused: false, isSubscribed: false, isBought: false });
  // access: not a permission (a new message is seen by its sender only)
  return messageView(deps, row, attached, access, row.senderId !== reader.id);
}

/** A message is sold by its sender; priced at 0 it is open to its reader. */
const gated = (row: MessageRow) => ({ id: row.id, performerId: row.senderId, isSale: true, priceCents: row.priceCents });

/**
 * What a fan bought stays theirs (domain rules): a message its sender deleted or unsent reads
 * "Message deleted!" to everyone but the member who bought it, who keeps its text and files.
 */
const goneFor = (row: MessageRow, access: Access) => row.isDeleted && !access.isBought;

function messageView(deps: Deps, row: MessageRow, attached: FileRow[], access: Access, isSeen: boolean): Message {
  const { canView, isBought } = access;
  const gone = goneFor(row, access);
  return {
    _id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    text: gone ? DELETED_MESSAGE_TEXT : row.text,
    files: gone ? [] : attached.map((file) => presentMediaFile(file, { signer: deps.mediaSigner, canView })),
    price: row.priceCents / 100,
    tip: row.tipCents === null ? null : fromCents(row.tipCents),
    canView,
    isBought,
    isDeleted: gone,
    isSeen,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Each message's files in order: its own, or for a copy of a mass message, the mass message's. */
async function attachedFiles(deps: Deps, rows: MessageRow[]) {
  const massIds = [...new Set(rows.flatMap((row) => (row.massMessageId ? [row.massMessageId] : [])))];
  const [own, shared] = await Promise.all([
    filesOfMessages(
      deps.db,
      rows.map((row) => row.id),
    ),
    massIds.length ? filesOfMassMessages(deps.db, massIds) : [],
  ]);
  const result = new Map<string, FileRow[]>();
  for (const row of rows) {
    const list = row.massMessageId
      ? shared.filter((item) => item.massMessageId === row.massMessageId).map((item) => item.file)
      : own.filter((item) => item.messageId === row.id).map((item) => item.file);
    result.set(row.id, list);
  }
  return result;
}

/** The last message as the conversation list shows it. */
export function summaryOf(text: string, fileCount: number) {
  if (text) return text.slice(0, 200);
  return fileCount === 1 ? 'Sent a file' : `Sent ${fileCount} files`;
}
