import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Keys under this prefix are served to anyone; everything else only through the API's checks. */
export const PUBLIC_PREFIX = 'public/';
/** Full media that only viewers with access may load, through links that expire. */
export const PROTECTED_PREFIX = 'protected/';
/** Live streams' playlists and segments: served only through `/api/live/{sessionId}/{token}/{file}`, never `/api/media`. */
export const LIVE_PREFIX = `${PROTECTED_PREFIX}live/`;
/** Where the API serves a public key (avatars, covers). */
export const publicUrl = (key: string) => `/api/media/${key}`;

/** Signs and checks expiring links to protected media with the site's shared secret. */
export function createMediaSigner(secret: string) {
  const signatureOf = (subject: string, expires: number) =>
    createHmac('sha256', secret).update(`${subject}\n${expires}`).digest('base64url');
  /** Seconds a signature of `subject` has left, or 0 when it is forged or expired. */
  const remainingFor = (subject: string, expires: string | undefined, signature: string | undefined) => {
    const at = Number(expires);
    if (!Number.isInteger(at) || !signature) return 0;
    const expected = Buffer.from(signatureOf(subject, at));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 0;
    return Math.max(0, at - Math.floor(Date.now() / 1000));
  };
  return {
    /** A link to `key` that works for `ttlSeconds`. */
    sign(key: string, ttlSeconds: number): string {
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      return `${publicUrl(key)}?${new URLSearchParams({ expires: String(expires), signature: signatureOf(key, expires) })}`;
    },
    /** Seconds the link has left, or 0 when it is forged or expired. */
    remaining: remainingFor,
    /** A signature of anything a link grants (a download for one buyer), valid until `expires` (seconds). */
    signFor: signatureOf,
    checkFor: (subject: string, expires: string | undefined, signature: string | undefined) =>
      remainingFor(subject, expires, signature) > 0,
  };
}
export type MediaSigner = ReturnType<typeof createMediaSigner>;

/** Where uploaded bytes live. Local disk by default; an S3 implementation plugs in here. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** Stores a local file (a processed video, an upload spooled to disk) under `key`. */
  putFile(key: string, localPath: string): Promise<void>;
  /** Copies the stored bytes to a local file, for tools like ffmpeg that need a path. */
  getFile(key: string, localPath: string): Promise<void>;
  /** The bytes, or the inclusive byte range `start`-`end` of them (video seeking). */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  size(key: string): Promise<number>;
  remove(key: string): Promise<void>;
  /** Every stored key, for copying the whole storage (backups). */
  list(): AsyncIterable<string>;
}

/** Marks a file still being written under its key's name (never a key: keys are ids and fixed names). */
const PARTIAL = '.partial-';

export function createLocalStorage(rootDir: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(rootDir, key);
    if (!full.startsWith(path.resolve(rootDir) + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  };
  // A file is written beside its key and renamed over it, so a reader (another process on a
  // shared disk reading a live playlist as it is replaced) finds the old file or the new one,
  // whole, as on S3, never a half-written one.
  const writeWhole = async (key: string, write: (partial: string) => Promise<void>) => {
    const full = resolve(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const partial = `${full}${PARTIAL}${randomUUID()}`;
    try {
      await write(partial);
      await fs.rename(partial, full);
    } catch (error) {
      await fs.rm(partial, { force: true });
      throw error;
    }
  };
  return {
    put: (key, data) => writeWhole(key, (partial) => fs.writeFile(partial, data)),
    putFile: (key, localPath) => writeWhole(key, (partial) => fs.copyFile(localPath, partial)),
    async getFile(key, localPath) {
      await fs.copyFile(resolve(key), localPath);
    },
    async read(key, range) {
      const full = resolve(key);
      await fs.access(full);
      return createReadStream(full, range);
    },
    async size(key) {
      return (await fs.stat(resolve(key))).size;
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async *list() {
      const entries = await fs.readdir(rootDir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      for (const entry of entries) {
        if (entry.isFile() && !entry.name.includes(PARTIAL))
          yield path.relative(rootDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      }
    },
  };
}

/** Recognises a file by its first bytes, never by its name or the client's claimed type. */
export function sniffMimeType(head: Buffer): string | undefined {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  // ZIP (an EPUB is a ZIP too; served as a download either way).
  if (starts(0x50, 0x4b, 0x03, 0x04)) return 'application/zip';
  return sniffMediaType(head);
}

/** Audio and video containers by their signatures; ffprobe has the last word on the content. */
function sniffMediaType(head: Buffer): string | undefined {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  if (ascii(4, 8) === 'ftyp') return ascii(8, 10) === 'qt' ? 'video/quicktime' : 'video/mp4';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'video/webm';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ') return 'video/x-msvideo';
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  return undefined;
}
