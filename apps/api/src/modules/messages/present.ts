import { DELETED_MESSAGE_TEXT, type Message } from '@limelight/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { conversationMembers, files, massMessageFiles, messageFiles, type messages } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { accessTo } from '../access';
import { type FileRow, presentMediaFile } from '../media';

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
    accessTo(
      deps.db,
      reader,
      'message',
      rows.map((row) => ({ id: row.id, performerId: row.senderId, isSale: true, priceCents: row.priceCents })),
    ),
    deps.db
      .select({ conversationId: conversationMembers.conversationId, lastReadAt: conversationMembers.lastReadAt })
      .from(conversationMembers)
      .where(
        and(
          inArray(conversationMembers.conversationId, [...new Set(rows.map((row) => row.conversationId))]),
          ne(conversationMembers.userId, reader.id),
        ),
      ),
  ]);
  const filesOf = attached;
  const otherReadAt = new Map(readers.map((row) => [row.conversationId, row.lastReadAt]));
  return rows.map((row) => {
    const { canView, isBought } = access.get(row.id)!;
    const readAt = otherReadAt.get(row.conversationId);
    return {
      _id: row.id,
      conversationId: row.conversationId,
      senderId: row.senderId,
      text: row.isDeleted ? DELETED_MESSAGE_TEXT : row.text,
      files: row.isDeleted ? [] : (filesOf.get(row.id) ?? []).map((file) => presentMediaFile(file, { signer: deps.mediaSigner, canView })),
      price: row.priceCents / 100,
      canView,
      isBought,
      isDeleted: row.isDeleted,
      isSeen: row.senderId !== reader.id || (!!readAt && readAt >= row.createdAt),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** Each message's files in order: its own, or for a copy of a mass message, the mass message's. */
async function attachedFiles(deps: Deps, rows: MessageRow[]) {
  const massIds = [...new Set(rows.flatMap((row) => (row.massMessageId ? [row.massMessageId] : [])))];
  const [own, shared] = await Promise.all([
    deps.db
      .select({ messageId: messageFiles.messageId, file: files })
      .from(messageFiles)
      .innerJoin(files, eq(files.id, messageFiles.fileId))
      .where(
        inArray(
          messageFiles.messageId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(messageFiles.position)),
    massIds.length
      ? deps.db
          .select({ massMessageId: massMessageFiles.massMessageId, file: files })
          .from(massMessageFiles)
          .innerJoin(files, eq(files.id, massMessageFiles.fileId))
          .where(inArray(massMessageFiles.massMessageId, massIds))
          .orderBy(asc(massMessageFiles.position))
      : [],
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
