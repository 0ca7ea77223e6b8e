import { randomUUID } from 'node:crypto';
import { type FeedFileKind, MAX_AUDIO_UPLOAD_BYTES, MAX_VIDEO_UPLOAD_BYTES } from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import { files } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { makeBlurredPreview, makeThumbnail, processImage } from '../../platform/images';
import { PROTECTED_PREFIX, PUBLIC_PREFIX } from '../../platform/storage';
import { readImageUpload, spoolUpload } from '../../platform/uploads';
import { presentMediaFile } from '../media/files';
import { keepUpload, queueProcessing } from '../media/processing';
import { VIDEO_TYPES } from '../performers/welcome-video';

const AUDIO_TYPES = ['audio/mpeg', 'audio/ogg', 'audio/wav', 'video/mp4'];
/** The file type each upload kind is recorded as. */
export const feedFileTypes: Record<FeedFileKind, string> = {
  photo: 'feed-photo',
  video: 'feed-video',
  audio: 'feed-audio',
  thumbnail: 'feed-thumbnail',
  teaser: 'feed-teaser',
};

/**
 * One file for a post, under the field name `file`. Images are processed at once (the original
 * protected, thumbnail and blurred preview public); audio and video are queued for processing
 * and report `processing` until done.
 */
export async function uploadFeedFile(deps: Deps, performer: SessionUser, kind: FeedFileKind, request: FastifyRequest) {
  const type = feedFileTypes[kind];
  if (kind === 'photo' || kind === 'thumbnail') {
    const upload = await readImageUpload(request, 'file');
    const stored = await storeImage(deps, kind, upload);
    const [file] = await deps.db
      .insert(files)
      .values({ ownerId: performer.id, type, status: 'finished', mimeType: 'image/webp', ...stored })
      .returning();
    return presentMediaFile(file!, { signer: deps.mediaSigner, canView: true });
  }
  const upload = await spoolUpload(
    request,
    'file',
    kind === 'audio'
      ? { maxBytes: MAX_AUDIO_UPLOAD_BYTES, types: AUDIO_TYPES, describe: 'an MP3, OGG, WAV or M4A file' }
      : { maxBytes: MAX_VIDEO_UPLOAD_BYTES, types: VIDEO_TYPES, describe: 'an MP4, MOV, WebM or AVI video' },
  );
  try {
    const uploadKey = await keepUpload(deps, upload);
    const file = await deps.db.transaction((tx) => queueProcessing(deps, tx, { ownerId: performer.id, type, uploadKey, upload }));
    return presentMediaFile(file, { signer: deps.mediaSigner, canView: true });
  } finally {
    await upload.discard();
  }
}

async function storeImage(deps: Deps, kind: 'photo' | 'thumbnail', upload: Buffer) {
  const put = async (prefix: string, folder: string, data: Buffer) => {
    const key = `${prefix}${folder}/${randomUUID()}.webp`;
    await deps.storage.put(key, data);
    return key;
  };
  if (kind === 'thumbnail') {
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
