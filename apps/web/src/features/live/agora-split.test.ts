import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '../..');
const sources = (fs.readdirSync(src, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
  .map((file) => ({ file, text: fs.readFileSync(path.join(src, file), 'utf8') }));

describe("Agora's SDK stays out of the first download (decision 020)", () => {
  it('is imported only with import(): a static import would pull its 1.6 MB into whichever chunk imports it', () => {
    const statics = sources.filter(({ text }) => /^import\s+(?!type\b)[^;]*from\s+'agora-rtc-sdk-ng'/m.test(text)).map(({ file }) => file);
    expect(statics).toEqual([]);
    const dynamic = sources.filter(({ text }) => text.includes("import('agora-rtc-sdk-ng')")).map(({ file }) => file);
    expect(dynamic).toEqual([path.join('features', 'live', 'agora.ts')]);
  });
});
