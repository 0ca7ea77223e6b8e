import { and, asc, count, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { files } from '../../../db/read/media';
import { massMessageFiles, messageFiles, messages } from '../../../db/schema/messages';

/** Which of these files the sender uploaded. */
export const ownFiles = (tx: Queryable, ownerId: string, fileIds: string[]) =>
  tx
    .select()
    .from(files)
    .where(and(inArray(files.id, fileIds), eq(files.ownerId, ownerId)));

/** Which of these files a message or a mass message already carries. */
export const filesInMessages = (tx: Queryable, fileIds: string[]) =>
  tx
    .select({ fileId: messageFiles.fileId })
    .from(messageFiles)
    .where(inArray(messageFiles.fileId, fileIds))
    .union(tx.select({ fileId: massMessageFiles.fileId }).from(massMessageFiles).where(inArray(massMessageFiles.fileId, fileIds)));

/** Attaches files to a message, in the order given. */
export const attachMessageFiles = (tx: Queryable, messageId: string, fileIds: string[]) =>
  tx.insert(messageFiles).values(fileIds.map((fileId, position) => ({ messageId, fileId, position })));

/** Attaches files to a mass message, in the order given. */
export const attachMassMessageFiles = (tx: Queryable, massMessageId: string, fileIds: string[]) =>
  tx.insert(massMessageFiles).values(fileIds.map((fileId, position) => ({ massMessageId, fileId, position })));

/** The processing state of one file of a message, if the message carries it. */
export async function attachedFileStatus(db: Queryable, messageId: string, fileId: string) {
  const [attached] = await db
    .select({ status: files.status, error: files.error })
    .from(messageFiles)
    .innerJoin(files, eq(files.id, messageFiles.fileId))
    .where(and(eq(messageFiles.messageId, messageId), eq(messageFiles.fileId, fileId)));
  return attached;
}

/** The message that carries a file, if any. */
export async function messageWithFile(db: Queryable, fileId: string) {
  const [row] = await db
    .select({ message: messages })
    .from(messageFiles)
    .innerJoin(messages, eq(messages.id, messageFiles.messageId))
    .where(eq(messageFiles.fileId, fileId));
  return row;
}

/** The files of these messages, each message's in order. */
export const filesOfMessages = (db: Queryable, messageIds: string[]) =>
  db
    .select({ messageId: messageFiles.messageId, file: files })
    .from(messageFiles)
    .innerJoin(files, eq(files.id, messageFiles.fileId))
    .where(inArray(messageFiles.messageId, messageIds))
    .orderBy(asc(messageFiles.position));

/** The files of these mass messages, each one's in order. */
export const filesOfMassMessages = (db: Queryable, massMessageIds: string[]) =>
  db
    .select({ massMessageId: massMessageFiles.massMessageId, file: files })
    .from(massMessageFiles)
    .innerJoin(files, eq(files.id, massMessageFiles.fileId))
    .where(inArray(massMessageFiles.massMessageId, massMessageIds))
    .orderBy(asc(massMessageFiles.position));

/** How many files a mass message carries. */
export async function massMessageFileCount(tx: Queryable, massMessageId: string) {
  return (await tx.select({ n: count() }).from(massMessageFiles).where(eq(massMessageFiles.massMessageId, massMessageId)))[0]!.n;
}

/** Up to `limit` uploads of these types made before `before` that no message (one to one or mass) took. */
export const unsentUploads = (db: Queryable, types: string[], before: Date, limit: number) =>
  db
    .select({ id: files.id })
    .from(files)
    .where(
      and(
        inArray(files.type, types),
        lt(files.createdAt, before),
        notExists(db.select({ one: sql`1` }).from(messageFiles).where(sql`${messageFiles.fileId} = ${files.id}`)),
        notExists(db.select({ one: sql`1` }).from(massMessageFiles).where(sql`${massMessageFiles.fileId} = ${files.id}`)),
      ),
    )
    .limit(limit);
