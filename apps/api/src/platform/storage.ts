import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Keys under this prefix are served to anyone; everything else only through the API's checks. */
export const PUBLIC_PREFIX = 'public/';
/** Where the API serves a public key (avatars, covers). */
export const publicUrl = (key: string) => `/api/media/${key}`;

/** Where uploaded bytes live. Local disk by default; an S3 implementation plugs in here. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
}

export function createLocalStorage(rootDir: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(rootDir, key);
    if (!full.startsWith(path.resolve(rootDir) + path.sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, data);
    },
    async read(key) {
      const full = resolve(key);
      await fs.access(full);
      return createReadStream(full);
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
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
  return undefined;
}
