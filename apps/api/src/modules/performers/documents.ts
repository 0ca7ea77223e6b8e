import { randomUUID } from 'node:crypto';
import { ErrorCode, type PerformerDocumentField, performerDocumentFields } from '@limelight/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { files, performerProfiles } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import { sniffMimeType } from '../../platform/storage';

export type UploadedDocument = { field: PerformerDocumentField; data: Buffer; mimeType: string; originalName: string };
type StoredDocument = UploadedDocument & { storageKey: string };

const DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
const columns = { idVerification: 'idVerificationFileId', documentVerification: 'documentVerificationFileId' } as const;

/**
 * Reads a multipart request of text fields and identity documents, each document under its own
 * field name and checked by its first bytes.
 */
export async function readDocumentParts(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMedia, 'Send the form as multipart/form-data');
  const fields: Record<string, string> = {};
  const documents: UploadedDocument[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (!(performerDocumentFields as readonly string[]).includes(part.fieldname)) {
      throw badRequest(`Unexpected file field ${part.fieldname}`, [{ field: part.fieldname, message: 'is not an accepted file field' }]);
    }
    const data = await part.toBuffer();
    const mimeType = sniffMimeType(data);
    if (!mimeType || !DOCUMENT_MIME_TYPES.includes(mimeType)) {
      throw new AppError(415, ErrorCode.unsupportedMedia, `${part.fieldname} must be a JPEG, PNG, WebP or PDF file`, [
        { field: part.fieldname, message: 'must be a JPEG, PNG, WebP or PDF file' },
      ]);
    }
    documents.push({ field: part.fieldname as PerformerDocumentField, data, mimeType, originalName: part.filename });
  }
  return { fields, documents };
}

/** Writes the files to private storage (outside any transaction: storage is not transactional). */
export function storeDocuments(deps: Pick<Deps, 'storage'>, documents: UploadedDocument[]): Promise<StoredDocument[]> {
  return Promise.all(
    documents.map(async (document) => {
      const storageKey = `private/documents/${randomUUID()}`;
      await deps.storage.put(storageKey, document.data);
      return { ...document, storageKey };
    }),
  );
}

export const discardDocuments = (deps: Pick<Deps, 'storage'>, stored: StoredDocument[]) =>
  Promise.all(stored.map((document) => deps.storage.remove(document.storageKey)));

/** Records stored documents as the owner's files; answers the column values for the profile. */
export async function recordDocuments(tx: Queryable, ownerId: string, stored: StoredDocument[]) {
  const columnValues: Partial<Record<(typeof columns)[PerformerDocumentField], string>> = {};
  for (const document of stored) {
    const [file] = await tx
      .insert(files)
      .values({
        ownerId,
        type: 'document',
        storageKey: document.storageKey,
        originalName: document.originalName.slice(0, 255),
        mimeType: document.mimeType,
        size: document.data.length,
      })
      .returning({ id: files.id });
    columnValues[columns[document.field]] = file!.id;
  }
  return columnValues;
}

/**
 * A creator replaces one or both identity documents while they wait for review (or were
 * refused); verified documents are locked so that what the admin approved stays on file.
 */
export async function replaceDocuments(deps: Deps, performer: SessionUser, documents: UploadedDocument[]) {
  if (!documents.length) {
    throw badRequest(`Send ${performerDocumentFields.join(' or ')}`, [{ field: 'idVerification', message: 'is required' }]);
  }
  const stored = await storeDocuments(deps, documents);
  try {
    const replaced = await deps.db.transaction(async (tx) => {
      const [profile] = await tx.select().from(performerProfiles).where(eq(performerProfiles.userId, performer.id)).for('update');
      if (!profile) throw notFound('Creator profile');
      if (profile.verifiedDocument) throw conflict('Your documents are verified; contact the site administrator to change them');
      const columnValues = await recordDocuments(tx, performer.id, stored);
      await tx.update(performerProfiles).set(columnValues).where(eq(performerProfiles.userId, performer.id));
      const previous = Object.keys(columnValues).flatMap((column) => profile[column as keyof typeof columnValues] ?? []);
      return previous.length ? tx.delete(files).where(inArray(files.id, previous)).returning({ storageKey: files.storageKey }) : [];
    });
    await Promise.all(replaced.map((file) => deps.storage.remove(file.storageKey).catch(() => undefined)));
  } catch (error) {
    await discardDocuments(deps, stored);
    throw error;
  }
}
