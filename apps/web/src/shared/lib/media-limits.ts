import { MAX_VIDEO_UPLOAD_BYTES, MEDIA_LIMITS } from '@limelight/contracts';

/** What a video upload may be, said where a creator picks one (the API refuses anything beyond, naming the limit). */
export const VIDEO_LIMITS_TEXT = `MP4, MOV, WebM or AVI, up to ${MAX_VIDEO_UPLOAD_BYTES / 1024 / 1024} MB and ${
  MEDIA_LIMITS.maxVideoSeconds / 3600
} hours, at most ${MEDIA_LIMITS.maxVideoLongSide}x${MEDIA_LIMITS.maxVideoShortSide} and ${MEDIA_LIMITS.maxFrameRate} frames a second.`;
