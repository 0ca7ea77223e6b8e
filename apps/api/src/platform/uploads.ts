import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { ErrorCode, MAX_IMAGE_UPLOAD_BYTES as MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '@limelight/contracts';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, unprocessable } from './errors';
import { sharp } from './images';
import { sniffMimeType } from './storage';

/** The multipart parser's limits (registered in app.ts); the refusals name them. */
export const MULTIPART_LIMITS = { fileSize: MAX_IMAGE_BYTES, files: 10, fields: 50, parts: 60, fieldSize: 64 * 1024 };

/** What each kind of file field accepts, as the refusals and the OpenAPI document describe it. */
export const ACCEPTS = {
  image: 'a JPEG, PNG, WebP or GIF image',
  video: 'an MP4, MOV, WebM or AVI video',
  audio: 'an MP3, OGG, WAV or M4A file',
  document: 'a JPEG, PNG or WebP image or a PDF',
  download: 'a PDF, ZIP, EPUB, JPEG, PNG, WebP, GIF, MP4, MOV, WebM, MP3, WAV or OGG file',
} as const;
export type Accepts = keyof typeof ACCEPTS;

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const unsupported = (field: string, accepted: string) =>
  new AppError(415, ErrorCode.unsupportedMedia, `${field} must be ${accepted}`, [{ field, message: `must be ${accepted}` }]);
const tooLarge = (field: string, maxBytes: number) =>
  new AppError(413, ErrorCode.payloadTooLarge, `${field} is larger than ${megabytes(maxBytes)}`, [{ field, message: 'is too large' }]);
const required = (field: string) => badRequest(`${field} is required`, [{ field, message: 'is required' }]);

/**
 * The route schema of an upload. Fastify does not validate multipart bodies (the readers below
 * do); this documents the form, files and text fields, as the request body of the OpenAPI
 * document, where clients and the hostile-upload test find every upload route.
 */
export function multipartForm(
  files: Record<string, { accepts: Accepts; required?: boolean; when?: Record<string, string> }>,
  fields: z.ZodObject = z.object({}),
) {
  const fileFields = Object.fromEntries(
    Object.entries(files).map(([name, file]) => {
      // `when`: the values other fields must have for this file to belong (a digital product's file).
      const condition = file.when
        ? `; only with ${Object.entries(file.when)
            .map(([field, value]) => `${field}=${value}`)
            .join(', ')}`
        : '';
      const schema = z
        .string()
        .meta({ format: 'binary', description: `${ACCEPTS[file.accepts]}${condition}`, 'x-accepts': file.accepts, 'x-when': file.when });
      return [name, file.required ? schema : schema.optional()];
    }),
  );
  return { consumes: ['multipart/form-data'], multipartForm: z.object({ ...fields.shape, ...fileFields }) };
}

/**
 * Refuses, when the app is built, a route that takes multipart/form-data without declaring its
 * form through multipartForm: undeclared, it would be missing from the OpenAPI document and from
 * the hostile-upload test that finds upload routes there.
 */
export function assertFormDeclared(route: RouteOptions) {
  const schema = route.schema as { consumes?: string[]; multipartForm?: unknown } | undefined;
  if (schema?.consumes?.includes('multipart/form-data') && !schema.multipartForm) {
    throw new Error(`${route.method} ${route.url} takes multipart/form-data: declare its form with multipartForm()`);
  }
}

/** For the OpenAPI transform: an upload route's form is shown as its request body (Fastify never validates it). */
export function formAsBody<T extends { schema?: object }>(input: T): T {
  if (!input.schema || !('multipartForm' in input.schema)) return input;
  const { multipartForm: form, ...schema } = input.schema;
  return { ...input, schema: { ...schema, body: form } };
}

/**
 * The refusal for what the multipart parser throws on a malformed body (no boundary, cut
 * short, too many parts or fields, a file past its limit). Only the parser's own calls are
 * read through this, so an error without a code there comes from the client's bytes; system
 * errors (a full disk) keep their code and stay 500s.
 */
function refusalFor(error: unknown, file?: { field: string; maxBytes: number }): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const code = (error as Error & { code?: string }).code;
  const limit = {
    FST_FILES_LIMIT: `Too many files: send at most ${MULTIPART_LIMITS.files}`,
    FST_FIELDS_LIMIT: `Too many form fields: send at most ${MULTIPART_LIMITS.fields}`,
    FST_PARTS_LIMIT: `Too many parts in the form: send at most ${MULTIPART_LIMITS.parts}`,
    FST_PROTO_VIOLATION: 'A form field may not be named __proto__ or constructor',
    FST_MP_PREMATURE_CLOSE: 'The upload ended before the form was complete',
  }[code ?? ''];
  if (limit) return badRequest(limit);
  if (code === 'FST_REQ_FILE_TOO_LARGE' && file) return tooLarge(file.field, file.maxBytes);
  if (code === undefined) return badRequest(`The form is not well-formed multipart/form-data: ${error.message}`);
  return error;
}

async function parsing<T>(read: () => Promise<T>, file?: { field: string; maxBytes: number }): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw refusalFor(error, file);
  }
}

/** The parts of a multipart body, one at a time, with the parser's failures turned into refusals. */
async function* partsOf(request: FastifyRequest, fileSize: number): AsyncGenerator<Multipart> {
  if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMedia, 'Send the form as multipart/form-data');
  const parts = await parsing(async () => request.parts({ limits: { fileSize } })[Symbol.asyncIterator]());
  try {
    while (true) {
      const next = await parsing(() => parts.next());
      if (next.done) return;
      if (next.value.type === 'field' && next.value.valueTruncated) {
        const { fieldname } = next.value;
        throw badRequest(`${fieldname} is longer than ${MULTIPART_LIMITS.fieldSize / 1024} kB`, [
          { field: fieldname, message: 'is too long' },
        ]);
      }
      yield next.value;
    }
  } finally {
    await parts.return?.(undefined);
  }
}

/**
 * The client's name for a file, as text can store it. It is only shown to people, so NUL, other
 * control characters and unpaired surrogates are dropped instead of refusing the upload.
 */
const fileNameOf = (part: MultipartFile) =>
  Array.from(part.filename.replace(/[\p{Cc}\p{Cs}]/gu, ''))
    .slice(0, 255)
    .join('');

async function bufferOf(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  const data = await parsing(() => part.toBuffer(), { field: part.fieldname, maxBytes });
  if (part.file.truncated || data.length > maxBytes) throw tooLarge(part.fieldname, maxBytes);
  return data;
}

/**
 * Refuses what is not an image sharp can decode within the pixel limit: bytes of another kind
 * (415), a picture past MAX_IMAGE_PIXELS (a 20000×20000 PNG is a few kB on disk and 400 million
 * pixels to decode) or one that cannot be decoded to the end, such as a truncated JPEG (422).
 * Decoding to a small size is cheap (JPEG shrinks while it decodes) and happens before anything
 * is stored, so a bad image is refused naming its field instead of failing half-way.
 */
export async function checkImage(data: Buffer, field: string, types = IMAGE_TYPES, accepted: string = ACCEPTS.image) {
  const type = sniffMimeType(data);
  if (!type || !types.includes(type)) throw unsupported(field, accepted);
  const unreadable = (error: unknown) =>
    unprocessable(`${field} could not be read as an image: ${error instanceof Error ? error.message.trim() : 'it is damaged'}`, [
      { field, message: 'is damaged or incomplete' },
    ]);
  const { width = 0, height = 0 } = await sharp()(data, { limitInputPixels: false })
    .metadata()
    .catch((error: unknown) => {
      throw unreadable(error);
    });
  if (width * height > MAX_IMAGE_PIXELS) {
    const limit = `${MAX_IMAGE_PIXELS / 1_000_000} megapixels`;
    throw unprocessable(`${field} is ${width}×${height} pixels; images may have at most ${limit}`, [
      { field, message: `has more than ${limit}` },
    ]);
  }
  await sharp()(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .resize({ width: 64, height: 64, fit: 'inside' })
    .toBuffer()
    .catch((error: unknown) => {
      throw unreadable(error);
    });
}

export type SpoolOptions = { maxBytes: number; types: string[]; describe: string };
export type SpooledUpload = { path: string; size: number; mimeType: string; originalName: string; discard(): Promise<void> };
/** A file read whole for its caller to check (identity documents). */
export type BufferedUpload = { data: Buffer; originalName: string };

/** Writes one multipart file to a temporary file and checks its size and first bytes. */
async function spoolPart(part: MultipartFile, field: string, options: SpoolOptions): Promise<SpooledUpload> {
  const file = path.join(os.tmpdir(), `limelight-upload-${randomUUID()}`);
  const discard = () => fs.rm(file, { force: true });
  try {
    const output = (await fs.open(file, 'w')).createWriteStream();
    await parsing(() => pipeline(part.file, output), { field, maxBytes: options.maxBytes });
    if (part.file.truncated) throw tooLarge(field, options.maxBytes);
    const handle = await fs.open(file, 'r');
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    const { size } = await handle.stat();
    await handle.close();
    const mimeType = sniffMimeType(head.subarray(0, bytesRead));
    if (!mimeType || !options.types.includes(mimeType)) throw unsupported(field, options.describe);
    return { path: file, size, mimeType, originalName: fileNameOf(part), discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

export type FormSpec = {
  /** Streamed to temporary files (videos are too big to hold in memory). */
  spooled?: Record<string, SpoolOptions>;
  /** Read into memory and checked as images. */
  images?: string[];
  /** Fields that carry several images (the field repeated), each with the most it may carry. */
  imageLists?: Record<string, number>;
  /** Read into memory for the caller to check (at most the image size limit). */
  buffered?: string[];
};

/**
 * The one reader of multipart bodies: text fields and files, each file under its own field
 * name. Unknown file fields are refused; a malformed body is a 400 naming the problem; the
 * caller discards the spooled files when done.
 */
export async function readMediaForm(request: FastifyRequest, spec: FormSpec) {
  const { spooled: spooledSpec = {}, images: imageFields = [], imageLists: listSpec = {}, buffered: bufferedFields = [] } = spec;
  const fields: Record<string, string> = {};
  const spooled: Record<string, SpooledUpload> = {};
  const images: Record<string, Buffer> = {};
  const imageLists: Record<string, Buffer[]> = {};
  const buffered: Record<string, BufferedUpload> = {};
  const discard = () => Promise.all(Object.values(spooled).map((upload) => upload.discard()));
  try {
    const maxBytes = Math.max(...Object.values(spooledSpec).map((options) => options.maxBytes), MAX_IMAGE_BYTES);
    for await (const part of partsOf(request, maxBytes)) {
      if (part.type === 'field') fields[part.fieldname] = String(part.value);
      else if (spooledSpec[part.fieldname]) spooled[part.fieldname] = await spoolPart(part, part.fieldname, spooledSpec[part.fieldname]!);
      else if (imageFields.includes(part.fieldname)) {
        const data = await bufferOf(part, MAX_IMAGE_BYTES);
        await checkImage(data, part.fieldname);
        images[part.fieldname] = data;
      } else if (listSpec[part.fieldname] !== undefined) {
        imageLists[part.fieldname] ??= [];
        const list = imageLists[part.fieldname]!;
        if (list.length === listSpec[part.fieldname]) {
          part.file.resume();
          throw badRequest(`${part.fieldname}: too many files, at most ${listSpec[part.fieldname]}`, [
            { field: part.fieldname, message: `must be at most ${listSpec[part.fieldname]} files` },
          ]);
        }
        const data = await bufferOf(part, MAX_IMAGE_BYTES);
        await checkImage(data, part.fieldname);
        list.push(data);
      } else if (bufferedFields.includes(part.fieldname)) {
        buffered[part.fieldname] = { data: await bufferOf(part, MAX_IMAGE_BYTES), originalName: fileNameOf(part) };
      } else {
        part.file.resume();
        const accepted = [...Object.keys(spooledSpec), ...imageFields, ...Object.keys(listSpec), ...bufferedFields].join(', ');
        throw badRequest(`Unexpected file field ${part.fieldname}`, [
          { field: part.fieldname, message: `is not an accepted file field; use ${accepted}` },
        ]);
      }
    }
    return { fields, spooled, images, imageLists, buffered, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** The one image of a multipart upload, sent under `field`, checked as an image. */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  const { images } = await readMediaForm(request, { images: [field] });
  if (!images[field]) throw required(field);
  return images[field];
}

/** The one file of a multipart upload, sent under `field`, streamed to a temporary file and checked. */
export async function spoolUpload(request: FastifyRequest, field: string, options: SpoolOptions): Promise<SpooledUpload> {
  const { spooled } = await readMediaForm(request, { spooled: { [field]: options } });
  if (!spooled[field]) throw required(field);
  return spooled[field];
}
