import { randomUUID } from 'node:crypto';
import { MAX_AUDIO_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES } from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest } from '../../platform/errors';
import { makeBlurredPreview, makeThumbnail, processImage } from '../../platform/images';
import { PROTECTED_PREFIX, PUBLIC_PREFIX } from '../../platform/storage';
import { ACCEPTS, readImageUpload, readMediaForm, type SpooledUpload, spoolUpload } from '../../platform/uploads';
import { assertMediaBudget } from './admission';
import { presentMediaFile } from './files';
import { holdIfReupload } from './phash';
import { keepUpload, type MediaAccess, queueProcessing } from './processing';
import { insertFile } from './repo';

export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-msvideo'];
export const VIDEO_UPLOAD = { maxBytes: MAX_VIDEO_UPLOAD_BYTES, types: VIDEO_TYPES, describe: 'an MP4, MOV, WebM or AVI video' };
const AUDIO_TYPES = ['audio/mpeg', 'audio/ogg', 'audio/wav', 'video/mp4'];

/** What an upload becomes: its file type, its medium, and whether images are for everyone. */
export type UploadKind = { type: string; media: 'image' | 'video' | 'audio'; access: MediaAccess };

const AUDIO_UPLOAD = { maxBytes: MAX_AUDIO_UPLOAD_BYTES, types: AUDIO_TYPES, describe: 'an MP3, OGG, WAV or M4A file' };

/**
 * One file under the field name `file`. Images are processed at once (a protected original has
 * a protected thumbnail and a public blurred preview); audio and video are queued for
 * processing and report `processing` until done.
 */
export async function uploadMedia(deps: Deps, owner: SessionUser, kind: UploadKind, request: FastifyRequest) {
  if (kind.media === 'image') return storeMedia(deps, owner, kind, { image: await readImageUpload(request, 'file') });
  const upload = await spoolUpload(request, 'file', kind.media === 'audio' ? AUDIO_UPLOAD : VIDEO_UPLOAD);
  try {
    return await storeMedia(deps, owner, kind, { spooled: upload });
  } finally {
    await upload.discard();
  }
}

/** As `uploadMedia`, from a form that also carries text fields (in any order around the file). */
export async function uploadMediaWithFields(deps: Deps, owner: SessionUser, kind: UploadKind, request: FastifyRequest) {
  const form = await readMediaForm(
    request,
    kind.media === 'image'
      ? { spooled: {}, images: ['file'] }
      : { spooled: { file: kind.media === 'audio' ? AUDIO_UPLOAD : VIDEO_UPLOAD }, images: [] },
  );
  try {
    const [image, spooled] = [form.images.file, form.spooled.file];
    if (!image && !spooled) throw badRequest('file is required', [{ field: 'file', message: 'is required' }]);
    return { file: await storeMedia(deps, owner, kind, { image, spooled }), fields: form.fields };
  } finally {
    await form.discard();
  }
}

async function storeMedia(deps: Deps, owner: SessionUser, kind: UploadKind, upload: { image?: Buffer; spooled?: SpooledUpload }) {
  if (kind.media === 'image') {
    await assertMediaBudget(deps.db, owner, { bytes: upload.image!.length });
    const file = await saveImageFile(deps, deps.db, { ownerId: owner.id, type: kind.type, access: kind.access }, upload.image!);
    return presentMediaFile(file, { signer: deps.mediaSigner, canView: true });
  }
  const media = kind.media;
  const kept = await keepUpload(deps, upload.spooled!, { owner, medium: media, field: 'file' });
  const file = await deps.db.transaction((tx) =>
    queueProcessing(deps, tx, { ownerId: owner.id, type: kind.type, media, access: kind.access, ...kept }),
  );
  return presentMediaFile(file, { signer: deps.mediaSigner, canView: true });
}

/**
 * What a digital product may be. It is delivered byte for byte as its creator made it (a buyer
 * pays for the original), only as an attachment and only through links made for its buyer.
 */
export const DOWNLOAD_UPLOAD = {
  maxBytes: MAX_VIDEO_UPLOAD_BYTES,
  types: [
    'application/pdf',
    'application/zip',
    'image/jpeg',
    'image/png',
    'image/webp',
    'image/gif',
    'video/mp4',
    'video/quicktime',
    'video/webm',
    'audio/mpeg',
    'audio/wav',
    'audio/ogg',
  ],
  describe: ACCEPTS.download,
};

/** A file kept as it came, before its record is written (the caller removes it if that fails). */
export type KeptDownload = { storageKey: string; size: number; mimeType: string; originalName: string };

export async function keepDownload(deps: Deps, upload: SpooledUpload): Promise<KeptDownload> {
  const storageKey = `${PROTECTED_PREFIX}downloads/${randomUUID()}`;
  await deps.storage.putFile(storageKey, upload.path);
  return { storageKey, size: upload.size, mimeType: upload.mimeType, originalName: upload.originalName };
}

export const saveDownloadFile = (db: Queryable, file: { ownerId: string; type: string }, kept: KeptDownload) =>
  insertFile(db, { ...file, ...kept, status: 'finished' });

/**
 * Every image upload is stored here (decision 046): processed, recorded as a finished file, and
 * hashed so that one matching removed material is held for review. `box` bounds a public image
 * (avatars and covers are smaller and wider than the rest).
 */
export async function saveImageFile(
  deps: Deps,
  db: Queryable,
  file: { ownerId: string; type: string; access: UploadKind['access']; box?: ImageBox; folder?: string },
  upload: Buffer,
) {
  const stored = await storeImage(deps, file.access, upload, file.box, file.folder);
  const row = await insertFile(db, { ownerId: file.ownerId, type: file.type, status: 'finished', mimeType: 'image/webp', ...stored });
  await holdIfReupload(db, row, upload);
  return row;
}

type ImageBox = { width: number; height: number };

async function storeImage(
  deps: Deps,
  access: UploadKind['access'],
  upload: Buffer,
  box: ImageBox = { width: 1280, height: 1280 },
  folder = 'thumbnails',
) {
  const put = async (prefix: string, folder: string, data: Buffer) => {
    const key = `${prefix}${folder}/${randomUUID()}.webp`;
    await deps.storage.put(key, data);
    return key;
  };
  if (access === 'public') {
    const image = await processImage(upload, box);
    return {
      storageKey: await put(PUBLIC_PREFIX, folder, image.data),
      size: image.data.length,
      width: image.width,
      height: image.height,
    };
  }
  const [original, thumbnail, preview] = await Promise.all([
    processImage(upload, { width: 2560, height: 2560 }),
    makeThumbnail(upload),
    makeBlurredPreview(upload),
  ]);
  return {
    storageKey: await put(PROTECTED_PREFIX, 'photos', original.data),
    size: original.data.length,
    width: original.width,
    height: original.height,
    // A thumbnail is the picture itself, smaller: it is as protected as the original.
    thumbnailKey: await put(PROTECTED_PREFIX, 'thumbnails', thumbnail.data),
    previewKey: await put(PUBLIC_PREFIX, 'previews', preview),
  };
}
