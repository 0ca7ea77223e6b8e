import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const api = process.env.API_URL ?? 'http://localhost:3000';

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
                { name: 'shell', tags: ['$initial'] },
                // antd's parts that most pages share (about 35 of the 60 page chunks: theme, button,
                // typography, grid, form...) in one chunk instead of dozens of small ones: each page
                // then loads 15 files fewer and about 10 KB gzipped less (decision 020). A lower count
                // pulls rarer parts into every page (at 30, the login page gains 48 KB).
                { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component)[\\/]/, minShareCount: 35 },
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
