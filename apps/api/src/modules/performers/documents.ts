import { randomUUID } from 'node:crypto';
import { documentOpensInline, type PerformerDocumentField, performerDocumentFields } from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, conflict, notFound, unprocessable } from '../../platform/errors';
import { processImage } from '../../platform/images';
import { sanitizePdf, UnreadablePdfError } from '../../platform/pdf';
import { sniffMimeType } from '../../platform/storage';
import { ACCEPTS, type BufferedUpload, checkImage, readMediaForm } from '../../platform/uploads';
import { alertAdmin } from '../emails';
import { deleteFileRecords, saveDownloadFile } from '../media';
import { changeCreatorProfile } from '../users';
import { profileOf } from './repo/profiles';

export type UploadedDocument = { field: PerformerDocumentField; data: Buffer; mimeType: string; originalName: string };
type StoredDocument = UploadedDocument & { storageKey: string };

const DOCUMENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const columns = { idVerification: 'idVerificationFileId', documentVerification: 'documentVerificationFileId' } as const;

/** The identity document fields of an upload form (the OpenAPI document lists them). */
export const documentFiles = (required: boolean) =>
  Object.fromEntries(performerDocumentFields.map((field) => [field, { accepts: 'document' as const, required }]));

/**
 * Reads a multipart request of text fields and identity documents, each document under its own
 * field name, and keeps each document only in a form that cannot act when opened (decision 015):
 * an image is decoded and written again as WebP (a JPEG/HTML polyglot keeps only its picture, and
 * no metadata survives); a PDF must parse, and is written again without scripts or automatic
 * actions; anything else is refused with 415 naming what is accepted.
 */
export async function readDocumentParts(request: FastifyRequest) {
  const { fields, buffered } = await readMediaForm(request, { buffered: [...performerDocumentFields] });
  const documents = await Promise.all(
    Object.entries(buffered).map(([field, upload]) => cleanDocument(field as PerformerDocumentField, upload)),
  );
  return { fields, documents };
}

async function cleanDocument(field: PerformerDocumentField, upload: BufferedUpload): Promise<UploadedDocument> {
  if (sniffMimeType(upload.data) === 'application/pdf') {
    const data = await sanitizePdf(upload.data).catch((error: unknown) => {
      if (!(error instanceof UnreadablePdfError)) throw error;
      throw unprocessable(`${field} could not be read as a PDF: ${error.message}`, [{ field, message: 'is not a readable PDF' }]);
    });
    return { field, data, mimeType: 'application/pdf', originalName: upload.originalName };
  }
  await checkImage(upload.data, field, DOCUMENT_IMAGE_TYPES, ACCEPTS.document);
  const image = await processImage(upload.data, { width: 2560, height: 2560 });
  return { field, data: image.data, mimeType: image.mimeType, originalName: upload.originalName };
}

/**
 * How an identity document is served to the admin: never as a page that could run. The WebP we
 * re-encoded shows inline; anything else is a download. Every answer forbids type sniffing and
 * sandboxes whatever a browser would render, with no right to load anything.
 */
export function documentHeaders(file: { id: string; mimeType: string }) {
  const inline = documentOpensInline(file.mimeType);
  const extension = file.mimeType.split('/')[1]?.replace(/[^a-z0-9]/g, '') || 'bin';
  return {
    'content-type': file.mimeType,
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename="document-${file.id}.${extension}"`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "sandbox; default-src 'none'",
    'cache-control': 'private, no-store',
  };
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
    const file = await saveDownloadFile(
      tx,
      { ownerId, type: 'document' },
      { storageKey: document.storageKey, originalName: document.originalName, mimeType: document.mimeType, size: document.data.length },
    );
    columnValues[columns[document.field]] = file.id;
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
      const profile = await profileOf(tx, performer.id, true);
      if (!profile) throw notFound('Creator profile');
      if (profile.verifiedDocument) throw conflict('Your documents are verified; contact the site administrator to change them');
      const columnValues = await recordDocuments(tx, performer.id, stored);
      // New documents go back to the admin's review queue; a refusal's reason has been answered (decision 051).
      await changeCreatorProfile(tx, performer.id, {
        ...columnValues,
        documentsSubmittedAt: new Date(),
        documentsRejectedReason: null,
        documentsRejectedAt: null,
      });
      await alertAdmin(deps, tx, 'admin.verificationPending', {
        creator: performer.username,
        link: `${deps.config.publicUrl}/admin/creators?q=${encodeURIComponent(performer.username ?? '')}`,
      });
      const previous = Object.keys(columnValues).flatMap((column) => profile[column as keyof typeof columnValues] ?? []);
      return deleteFileRecords(tx, previous);
    });
    await Promise.all(replaced.map((file) => deps.storage.remove(file.storageKey).catch(() => undefined)));
  } catch (error) {
    await discardDocuments(deps, stored);
    throw error;
  }
}
