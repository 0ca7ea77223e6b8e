import sharp from 'sharp';

export type ProcessedImage = { data: Buffer; width: number; height: number; mimeType: 'image/webp' };

/**
 * Re-encodes an uploaded image: turned upright by its EXIF orientation, shrunk to fit the box,
 * and written as WebP. sharp writes no metadata unless asked, so EXIF (GPS position, camera
 * serial) never reaches other users.
 */
export async function processImage(input: Buffer, box: { width: number; height: number }): Promise<ProcessedImage> {
  const { data, info } = await sharp(input, { failOn: 'error' })
    .rotate()
    .resize({ width: box.width, height: box.height, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, mimeType: 'image/webp' };
}
