import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { ErrorCode, MAX_IMAGE_UPLOAD_BYTES as MAX_IMAGE_BYTES } from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';
import { sniffMimeType } from './storage';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/**
 * Reads the one file of a multipart upload, sent under `field`, and checks by its first bytes
 * that it is an image. Too large a file is refused by the multipart limits with 413.
 */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMedia, 'Send the file as multipart/form-data');
  const part = await request.file();
  if (!part) throw badRequest(`${field} is required`, [{ field, message: 'is required' }]);
  if (part.fieldname !== field) {
    throw badRequest(`Send the file under the field name ${field}`, [
      { field: part.fieldname, message: `is not an accepted file field; use ${field}` },
    ]);
  }
  const data = await part.toBuffer();
  assertImage(data, field);
  return data;
}

/** Refuses bytes that are not a JPEG, PNG, WebP or GIF image, whatever the file was called. */
export function assertImage(data: Buffer, field: string) {
  const type = sniffMimeType(data);
  if (!type || !IMAGE_TYPES.includes(type)) {
    throw new AppError(415, ErrorCode.unsupportedMedia, `${field} must be a JPEG, PNG, WebP or GIF image`, [
      { field, message: 'must be a JPEG, PNG, WebP or GIF image' },
    ]);
  }
}

export type SpoolOptions = { maxBytes: number; types: string[]; describe: string };
export type SpooledUpload = { path: string; size: number; mimeType: string; originalName: string; discard(): Promise<void> };

/**
 * Streams the one file of a multipart upload to a temporary file (videos are too big to hold
 * in memory), refusing it past `maxBytes` or when its first bytes are none of `types`.
 */
export async function spoolUpload(request: FastifyRequest, field: string, options: SpoolOptions) {
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMedia, 'Send the file as multipart/form-data');
  const part = await request.file({ limits: { fileSize: options.maxBytes } });
  if (!part) throw badRequest(`${field} is required`, [{ field, message: 'is required' }]);
  if (part.fieldname !== field) {
    part.file.resume();
    throw badRequest(`Send the file under the field name ${field}`, [
      { field: part.fieldname, message: `is not an accepted file field; use ${field}` },
    ]);
  }
  return spoolPart(part, field, options);
}

/** Writes one multipart file to a temporary file and checks its size and first bytes. */
async function spoolPart(part: MultipartFile, field: string, options: SpoolOptions): Promise<SpooledUpload> {
  const file = path.join(os.tmpdir(), `limelight-upload-${randomUUID()}`);
  const discard = () => fs.rm(file, { force: true });
  try {
    await pipeline(part.file, (await fs.open(file, 'w')).createWriteStream());
    if (part.file.truncated) {
      throw new AppError(413, ErrorCode.payloadTooLarge, `${field} is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB`, [
        { field, message: 'is too large' },
      ]);
    }
    const handle = await fs.open(file, 'r');
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    const { size } = await handle.stat();
    await handle.close();
    const mimeType = sniffMimeType(head.subarray(0, bytesRead));
    if (!mimeType || !options.types.includes(mimeType)) {
      throw new AppError(415, ErrorCode.unsupportedMedia, `${field} must be ${options.describe}`, [
        { field, message: `must be ${options.describe}` },
      ]);
    }
    return { path: file, size, mimeType, originalName: part.filename, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * A multipart form of text fields and files, each file under its own field name: `spooled`
 * fields are streamed to temporary files (videos), `images` read into memory and checked.
 * Unknown file fields are refused; the caller discards the spooled files when done.
 */
export async function readMediaForm(request: FastifyRequest, spec: { spooled: Record<string, SpoolOptions>; images: string[] }) {
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMedia, 'Send the form as multipart/form-data');
  const fields: Record<string, string> = {};
  const spooled: Record<string, SpooledUpload> = {};
  const images: Record<string, Buffer> = {};
  const discard = () => Promise.all(Object.values(spooled).map((upload) => upload.discard()));
  try {
    const maxBytes = Math.max(...Object.values(spec.spooled).map((options) => options.maxBytes), MAX_IMAGE_BYTES);
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (spec.spooled[part.fieldname]) spooled[part.fieldname] = await spoolPart(part, part.fieldname, spec.spooled[part.fieldname]!);
      else if (spec.images.includes(part.fieldname)) {
        const data = await part.toBuffer();
        if (data.length > MAX_IMAGE_BYTES) {
          throw new AppError(413, ErrorCode.payloadTooLarge, `${part.fieldname} is larger than 10 MB`, [
            { field: part.fieldname, message: 'is too large' },
          ]);
        }
        assertImage(data, part.fieldname);
        images[part.fieldname] = data;
      } else {
        part.file.resume();
        throw badRequest(`Unexpected file field ${part.fieldname}`, [{ field: part.fieldname, message: 'is not an accepted file field' }]);
      }
    }
    return { fields, spooled, images, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}
