import { z } from 'zod';

export const fileStatuses = ['processing', 'finished', 'error'] as const;

/** The states of an item in a creator's library (videos, galleries); fans see active ones. */
export const libraryStatuses = ['draft', 'active', 'inactive'] as const;
export type LibraryStatus = (typeof libraryStatuses)[number];
export type FileStatus = (typeof fileStatuses)[number];

/** An uploaded audio or video file as clients see it: playable once `finished`. */
export const mediaFileSchema = z.object({
  _id: z.string(),
  type: z.string(),
  status: z.enum(fileStatuses),
  /** Why processing failed, when it did. */
  error: z.string().nullable(),
  /** The full media: public, or a signed link that expires in minutes for viewers with access; else null. */
  url: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  /** A tiny blurred stand-in, public, for viewers without access to the original. */
  previewUrl: z.string().nullable(),
  /** Seconds. */
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** What the picture shows, in its creator's words; only to viewers who get the media itself (decision 030). */
  altText: z.string().nullable(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

/** Upload limits (bytes) by kind; the multipart reader enforces them. */
export const MAX_VIDEO_UPLOAD_BYTES = 500 * 1024 * 1024;
export const MAX_AUDIO_UPLOAD_BYTES = 100 * 1024 * 1024;
export const MAX_IMAGE_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Past it an image is refused before it is decoded: a small file can hold a picture of billions of pixels. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * What one audio or video upload may hold (decision 008): checked from the file itself when it
 * arrives, before it is kept, so that no upload can cost the media workers more than this.
 */
export const MEDIA_LIMITS = {
  maxVideoSeconds: 2 * 60 * 60,
  maxAudioSeconds: 3 * 60 * 60,
  /** The long and the short side of the picture: 4K UHD either way up. */
  maxVideoLongSide: 3840,
  maxVideoShortSide: 2160,
  maxFrameRate: 60,
  /** Uploads of one account still waiting to be processed; the next is refused until one is done. */
  maxProcessingPerAccount: 5,
  /**
   * What one account may keep stored (every upload, all sizes as sent) and have processed in 24
   * hours (seconds of audio and video), so no account can fill the storage or hold the media
   * workers (decision 062). A fan sends pictures and clips in messages; a creator publishes.
   * Admins have no budget.
   */
  maxStoredBytes: { user: 2 * 1024 ** 3, performer: 250 * 1024 ** 3 },
  maxProcessingSecondsPerDay: { user: 30 * 60, performer: 10 * 60 * 60 },
  /** A message upload never sent is removed after this long. */
  unsentUploadHours: 24,
} as const;

/** What a creator attaches to a feed post, each uploaded on its own before the post is saved. */
export const feedFileKinds = ['photo', 'video', 'audio', 'thumbnail', 'teaser'] as const;
export type FeedFileKind = (typeof feedFileKinds)[number];

/** The longest alt text a creator may write for one picture: a sentence or two, as screen readers expect. */
export const MAX_ALT_TEXT_LENGTH = 300;

/** A creator's alt text for one of their files; empty clears it (viewers then get a default). */
export const setAltTextSchema = z.object({
  altText: z.string().trim().max(MAX_ALT_TEXT_LENGTH, `must be at most ${MAX_ALT_TEXT_LENGTH} characters`),
});
export type SetAltTextInput = z.input<typeof setAltTextSchema>;
