/**
 * The part of opentype.js the preview cards use. The package ships no types, and
 * @types/opentype.js pulls the DOM's types into the whole API (its canvas drawing), which clash
 * with Node's (Blob, Headers).
 */
declare module 'opentype.js' {
  export type PathCommand = {
    type: 'M' | 'L' | 'Q' | 'C' | 'Z';
    x?: number;
    y?: number;
    x1?: number;
    y1?: number;
    x2?: number;
    y2?: number;
  };
  export interface Glyph {
    advanceWidth?: number;
    getPath(x: number, y: number, fontSize: number): { commands: PathCommand[] };
  }
  export interface Font {
    unitsPerEm: number;
    charToGlyphIndex(char: string): number;
    charToGlyph(char: string): Glyph;
  }
  export function parse(buffer: ArrayBuffer): Font;
}
