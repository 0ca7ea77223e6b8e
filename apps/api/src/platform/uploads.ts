import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';
import { sniffMimeType } from './storage';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/**
 * Reads the one file of a multipart upload, sent under `field`, and checks by its first bytes
 * that it is an image. Too large a file is refused by the multipart limits with 413.
 */
export async function readImageUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  const part = await request.file();
  if (!part) throw badRequest(`${field} is required`, [{ field, message: 'is required' }]);
  if (part.fieldname !== field) {
    throw badRequest(`Send the file under the field name ${field}`, [
      { field: part.fieldname, message: `is not an accepted file field; use ${field}` },
    ]);
  }
  const data = await part.toBuffer();
  const type = sniffMimeType(data);
  if (!type || !IMAGE_TYPES.includes(type)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `${field} must be a JPEG, PNG, WebP or GIF image`, [
      { field, message: 'must be a JPEG, PNG, WebP or GIF image' },
    ]);
  }
  return data;
}
