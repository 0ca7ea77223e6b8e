import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import sharp from 'sharp';

/** Files an attacker would upload, built here from real encoders so that each is what it claims. */

export const HTML_PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A real one-page PDF. */
export async function onePagePdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]).drawText('Identity document', { x: 20, y: 100 });
  return Buffer.from(await document.save());
}

/** A valid PDF that runs JavaScript when it is opened (/OpenAction) and keeps another script in its name tree. */
export async function pdfWithOpenActionScript(): Promise<Buffer> {
  const document = await PDFDocument.create();
  document.addPage([300, 200]);
  const { context } = document;
  const script = (code: string) => context.register(context.obj({ S: 'JavaScript', JS: PDFString.of(code) }));
  document.catalog.set(PDFName.of('OpenAction'), script('app.alert("opened")'));
  document.catalog.set(
    PDFName.of('Names'),
    context.obj({ JavaScript: context.obj({ Names: [PDFString.of('x'), script('app.alert(2)')] }) }),
  );
  return Buffer.from(await document.save({ useObjectStreams: false }));
}

export const jpeg = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#42b1e8' } })
    .jpeg()
    .toBuffer();

/**
 * A JPEG that is also an HTML page: the markup sits in a comment segment right after the JPEG's
 * start marker and again after its end, where a browser sniffing the bytes would find it.
 */
export async function jpegHtmlPolyglot(): Promise<Buffer> {
  const image = await jpeg();
  const comment = Buffer.from(HTML_PAYLOAD);
  const segment = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from([(comment.length + 2) >> 8, (comment.length + 2) & 0xff]),
    comment,
  ]);
  return Buffer.concat([image.subarray(0, 2), segment, image.subarray(2), comment]);
}

/** The first half of a real JPEG: it starts like an image and ends mid-scan. */
export const truncatedJpeg = async () => {
  const image = await jpeg(800, 600);
  return image.subarray(0, Math.floor(image.length / 2));
};

/**
 * A 20000×20000 PNG, a few tens of kB on disk and 400 million pixels to decode. Written
 * directly (1-bit grey, all rows zero) because encoding that many pixels with sharp takes many
 * seconds; sharp reads it back as the real image it is.
 */
export function pixelBombPng(size = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(size / 8)) * size); // each row: filter byte 0, then zero bits
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}
