/// <reference path="./opentype.d.ts" />
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PREVIEW_IMAGE_SIZE } from '@limelight/contracts';
import type { Font, Glyph, PathCommand } from 'opentype.js';
import { sharp } from './images';
import { lazyRequire } from './lazy';

/**
 * The picture a shared link unfurls into (decision 080), at the size Open Graph and Twitter's
 * large card ask for. A cover fills it under a dark fade; the avatar, the name and the
 * handle sit on the fade; a badge ("Live now") above them when there is one.
 */
export type PreviewCard = {
  /** The creator's cover, any format sharp reads; a brand gradient without one. */
  background?: Buffer;
  avatar?: Buffer;
  title: string;
  subtitle: string;
  badge?: string;
  siteName: string;
};

const MARGIN = 64;
const AVATAR = 176;
/** The web theme's brand blue and its shade that white text reads on (apps/web/src/app/theme-tokens.ts). */
const BRAND = { primary: '#42b1e8', shade: '#136d9b' };

const opentype = lazyRequire<typeof import('opentype.js')>('opentype.js');
const require = createRequire(import.meta.url);
// Text is drawn as outlines from fonts the project ships, so a card reads the same on a machine
// without system fonts. Inter comes split by script; a character takes the first font that has it.
const SCRIPTS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'];
const fontFaces = new Map<number, Promise<Font[]>>();
function facesOf(weight: 400 | 700) {
  let faces = fontFaces.get(weight);
  if (!faces) {
    const folder = path.join(path.dirname(require.resolve('@fontsource/inter/package.json')), 'files');
    faces = Promise.all(
      SCRIPTS.map(async (script) => {
        const bytes = await readFile(path.join(folder, `inter-${script}-${weight}-normal.woff`));
        return opentype().parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      }),
    );
    fontFaces.set(weight, faces);
  }
  return faces;
}

type Placed = { glyph: Glyph; advance: number };
function glyphsOf(faces: Font[], text: string, size: number): Placed[] {
  return [...text.normalize('NFC')].flatMap((char) => {
    const face = faces.find((font) => font.charToGlyphIndex(char) > 0);
    if (!face) return [];
    const glyph = face.charToGlyph(char);
    return [{ glyph, advance: ((glyph.advanceWidth ?? 0) * size) / face.unitsPerEm }];
  });
}
const widthOf = (glyphs: Placed[]) => glyphs.reduce((sum, { advance }) => sum + advance, 0);

// Written out here: opentype.js 2.0's own toPathData runs numbers together ("46.9 0" as "46.90").
const pathData = ({ type, x1, y1, x2, y2, x, y }: PathCommand) =>
  type + [x1, y1, x2, y2, x, y].flatMap((value) => (value === undefined ? [] : [Math.round(value * 10) / 10])).join(' ');

/**
 * One line of text as an SVG path's outline, glyph by glyph (opentype.js's shaper refuses Inter's
 * contextual substitutions, and a name needs none), cut with an ellipsis to fit `maxWidth`.
 * Characters no font has (emoji) are left out.
 */
export function textOutline(faces: Font[], text: string, size: number, maxWidth: number) {
  let glyphs = glyphsOf(faces, text, size);
  if (widthOf(glyphs) > maxWidth) {
    const ellipsis = glyphsOf(faces, '…', size);
    const room = maxWidth - widthOf(ellipsis);
    const kept: Placed[] = [];
    let used = 0;
    for (const entry of glyphs) {
      used += entry.advance;
      if (used > room) break;
      kept.push(entry);
    }
    glyphs = [...kept, ...ellipsis];
  }
  let x = 0;
  const d = glyphs
    .map(({ glyph, advance }) => {
      const outline = glyph.getPath(x, 0, size).commands.map(pathData).join('');
      x += advance;
      return outline;
    })
    .join('');
  return { d, width: x };
}

const textAt = (outline: { d: string }, fill: string, x: number, baseline: number) =>
  `<path transform="translate(${x} ${baseline})" fill="${fill}" d="${outline.d}"/>`;

/** Draws the card as a JPEG. */
export async function drawPreviewCard(card: PreviewCard): Promise<Buffer> {
  const { width, height } = PREVIEW_IMAGE_SIZE;
  const [regular, bold] = await Promise.all([facesOf(400), facesOf(700)]);
  const textLeft = MARGIN + (card.avatar ? AVATAR + 40 : 0);
  const textWidth = width - textLeft - MARGIN;
  const title = textOutline(bold, card.title, 64, textWidth);
  const subtitle = textOutline(regular, card.subtitle, 36, textWidth);
  const site = textOutline(bold, card.siteName, 32, width - 2 * MARGIN);
  const badge = card.badge ? textOutline(bold, card.badge.toUpperCase(), 30, 400) : undefined;
  const avatarTop = height - MARGIN - AVATAR;
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.25" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.82"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#fade)"/>
    ${textAt(site, '#ffffff', MARGIN, MARGIN + 32)}
    ${
      badge
        ? `<rect x="${textLeft}" y="${avatarTop - 24}" width="${badge.width + 40}" height="52" rx="26" fill="#cf1322"/>${textAt(badge, '#ffffff', textLeft + 20, avatarTop + 13)}`
        : ''
    }
    ${textAt(title, '#ffffff', textLeft, height - MARGIN - 84)}
    ${textAt(subtitle, '#e6e6e6', textLeft, height - MARGIN - 24)}
  </svg>`;
  const layers: { input: Buffer; left: number; top: number }[] = [{ input: Buffer.from(overlay), left: 0, top: 0 }];
  if (card.avatar) {
    const ring = `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR}" height="${AVATAR}"><circle cx="${AVATAR / 2}" cy="${AVATAR / 2}" r="${AVATAR / 2}"/></svg>`;
    const round = await sharp()(card.avatar, { failOn: 'error' })
      .rotate()
      .resize(AVATAR, AVATAR, { fit: 'cover' })
      .composite([{ input: Buffer.from(ring), blend: 'dest-in' }])
      .png()
      .toBuffer();
    layers.push({ input: round, left: MARGIN, top: avatarTop });
  }
  const base = card.background
    ? sharp()(card.background, { failOn: 'error' }).rotate().resize(width, height, { fit: 'cover' })
    : sharp()(
        Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="brand" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${BRAND.primary}"/><stop offset="1" stop-color="${BRAND.shade}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#brand)"/></svg>`,
        ),
      );
  return base.composite(layers).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
