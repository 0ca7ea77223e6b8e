import { randomUUID } from 'node:crypto';
import { MAX_AUDIO_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES } from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client';
import { files } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { makeBlurredPreview, makeThumbnail, processImage } from '../../platform/images';
import { PROTECTED_PREFIX, PUBLIC_PREFIX } from '../../platform/storage';
import { readImageUpload, spoolUpload } from '../../platform/uploads';
import { presentMediaFile } from './files';
import { keepUpload, type MediaAccess, queueProcessing } from './processing';

export const VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-msvideo'];
export const VIDEO_UPLOAD = { maxBytes: MAX_VIDEO_UPLOAD_BYTES, types: VIDEO_TYPES, describe: 'an MP4, MOV, WebM or AVI video' };
const AUDIO_TYPES = ['audio/mpeg', 'audio/ogg', 'audio/wav', 'video/mp4'];

/** What an upload becomes: its file type, its medium, and whether images are for everyone. */
export type UploadKind = { type: string; media: 'image' | 'video' | 'audio'; access: MediaAccess };

/**
 * One file under the field name `file`. Images are processed at once (a protected original has
 * a protected thumbnail and a public blurred preview); audio and video are queued for
 * processing and report `processing` until done.
 */
export async function uploadMedia(deps: Deps, owner: SessionUser, kind: UploadKind, request: FastifyRequest) {
  if (kind.media === 'image') {
    const file = await saveImageFile(
      deps,
      deps.db,
      { ownerId: owner.id, type: kind.type, access: kind.access },
      await readImageUpload(request, 'file'),
    );
    return presentMediaFile(file, { signer: deps.mediaSigner, canView: true });
  }
  const media = kind.media;
  const upload = await spoolUpload(
    request,
    'file',
    media === 'audio' ? { maxBytes: MAX_AUDIO_UPLOAD_BYTES, types: AUDIO_TYPES, describe: 'an MP3, OGG, WAV or M4A file' } : VIDEO_UPLOAD,
  );
  try {
    const uploadKey = await keepUpload(deps, upload);
    const file = await deps.db.transaction((tx) =>
      queueProcessing(deps, tx, { ownerId: owner.id, type: kind.type, media, access: kind.access, uploadKey, upload }),
    );
    return presentMediaFile(file, { signer: deps.mediaSigner, canView: true });
  } finally {
    await upload.discard();
  }
}

/** Processes an image and records it as a finished file of `owner`. */
export async function saveImageFile(
  deps: Deps,
  db: Queryable,
  file: { ownerId: string; type: string; access: UploadKind['access'] },
  upload: Buffer,
) {
  const stored = await storeImage(deps, file.access, upload);
  const [row] = await db
    .insert(files)
    .values({ ownerId: file.ownerId, type: file.type, status: 'finished', mimeType: 'image/webp', ...stored })
    .returning();
  return row!;
}

async function storeImage(deps: Deps, access: UploadKind['access'], upload: Buffer) {
  const put = async (prefix: string, folder: string, data: Buffer) => {
    const key = `${prefix}${folder}/${randomUUID()}.webp`;
    await deps.storage.put(key, data);
    return key;
  };
  if (access === 'public') {
    const image = await processImage(upload, { width: 1280, height: 1280 });
    return {
      storageKey: await put(PUBLIC_PREFIX, 'thumbnails', image.data),
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
