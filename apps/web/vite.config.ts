import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const api = process.env.API_URL ?? 'http://localhost:3000';

/** antd's form controls and what only they use (the `antd-forms` chunk below). */
const ANTD_FORM_CONTROLS = new RegExp(
  [
    String.raw`node_modules[\\/]antd[\\/]es[\\/](form|input-number|select|auto-complete|date-picker|time-picker|calendar|table|checkbox|radio|switch|upload|slider|cascader|tree-select|tree|mentions|transfer|pagination|steps|segmented|list|listy|color-picker|timeline)[\\/]`,
    String.raw`node_modules[\\/]@rc-component[\\/](select|input-number|picker|table|checkbox|switch|upload|slider|cascader|tree-select|tree|mentions|pagination|steps|segmented|virtual-list|listy)[\\/]`,
  ].join('|'),
);
/**
 * The parts of those that antd's other components import in turn (form contexts, colour helpers,
 * the pickers' English words): they stay with the core, or every page would load the controls.
 * When one is missed, the antd chunk imports antd-forms and every page loads it: the size budget
 * (scripts/size-budget.mjs) then fails for the front page.
 */
const USED_BY_ANTD_CORE =
  /[\\/](form[\\/](context|validateMessagesContext|hooks[\\/]useVariants)|locale[\\/](en_US|common)|table[\\/]TableMeasureRowContext|color-picker[\\/](color|util|components[\\/]ColorPresets))\.js$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the best
 * levels, so the API serves them as they are (@fastify/static `preCompressed`) instead of
 * compressing on every request (decision 020).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'limelight-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      const texts = fs
        .readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.(js|css|html|svg|json|ico|txt)$/.test(file));
      for (const file of texts) {
        const content = fs.readFileSync(path.join(outDir, file));
        const brotli = zlib.brotliCompressSync(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        fs.writeFileSync(path.join(outDir, `${file}.br`), brotli);
        fs.writeFileSync(path.join(outDir, `${file}.gz`), zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The server's bundle (decision 079: `vite build --ssr`, into dist-server) is read by the API
  // from disk: nothing to compress, no public files to copy.
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  publicDir: isSsrBuild ? false : 'public',
  // Everything in the server's bundle, React's production build included: the API imports one file,
  // and nothing resolves packages at run time (antd's ES files do not load in Node as they are).
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? { outDir: 'dist-server' }
    : {
        // One style sheet for every page (22 KB, 6 KB compressed), linked by index.html: a page drawn
        // on the server is styled before any script runs, which a page chunk's own sheet would not be.
        cssCodeSplit: false,
        // Which chunks each page loads: the size budget reads it (scripts/size-budget.mjs).
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // Everything index.html loads in one chunk: left to itself rolldown cuts the first
                // screen into 23 files and mixes in modules only lazy pages use; as one chunk it is 2
                // requests and 13 KB gzipped less (decision 020).
                { name: 'shell', tags: ['$initial'], priority: 3 },
                // antd's parts that most pages share (about 35 of the 60 page chunks: theme, button,
                // typography, grid, form...) in one chunk instead of dozens of small ones: each page
                // then loads 15 files fewer and about 10 KB gzipped less (decision 020). A lower count
                // pulls rarer parts into every page (at 30, the login page gains 48 KB).
                { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component)[\\/]/, minShareCount: 35 },
                // Its form controls (fields, selects, pickers, tables, lists with pages) apart: the
                // pages a visitor reads first (front, a creator, a post) and a fan's home show none
                // of them, and they were a third of that chunk. Pages with a form load both.
                {
                  name: 'antd-forms',
                  test: (id: string) => ANTD_FORM_CONTROLS.test(id) && !USED_BY_ANTD_CORE.test(id),
                  minShareCount: 35,
                  priority: 1,
                  // Only the controls: the core they stand on stays in the chunk above.
                  includeDependenciesRecursively: false,
                },
                // The icons more than one page shows, in one file: each is a few hundred bytes, and as
                // files of their own they were 17 of a creator page's 81 requests (on HTTP/1.1, six at
                // a time; Lighthouse's slow 4G costs each a round trip).
                {
                  name: 'icons',
                  test: /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/,
                  minShareCount: 2,
                  priority: 2,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': api, '/socket.io': { target: api, ws: true } },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test-setup.ts'],
  },
}));
