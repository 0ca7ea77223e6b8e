import { z } from 'zod';

export const fileStatuses = ['processing', 'finished', 'error'] as const;
export type FileStatus = (typeof fileStatuses)[number];

/** An uploaded audio or video file as clients see it: playable once `finished`. */
export const mediaFileSchema = z.object({
  _id: z.string(),
  status: z.enum(fileStatuses),
  /** Why processing failed, when it did. */
  error: z.string().nullable(),
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** Seconds. */
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/** Upload limits (bytes) by kind; the multipart reader enforces them. */
export const MAX_VIDEO_UPLOAD_BYTES = 500 * 1024 * 1024;
