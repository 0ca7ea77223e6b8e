import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@limelight/contracts';
import type { FastifyInstance } from 'fastify';
import { body } from './errors';
import { pageAnswerer, serverRenderIn } from './server-render';

/**
 * Serves the built web app: hashed assets cached for a year; for every page route, the public page
 * drawn on the server or the app's shell for the browser to draw (server-render.ts, decision 079);
 * and a JSON 404 for anything else that is not a page (a missing asset).
 *
 * The web build writes a brotli (.br) and a gzip (.gz) copy beside every text file, and
 * `preCompressed` picks the one the browser accepts (br first), so assets are compressed once at
 * build time at the best level instead of on every request. Those answers carry their own
 * `content-encoding` and `vary: accept-encoding`; an on-the-fly compression plugin skips them.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string, origin: string) {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  const template = built ? fs.readFileSync(indexFile, 'utf8') : '';
  const answerPage = built ? pageAnswerer(app, template, serverRenderIn(distDir), origin) : undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // `/` is a page like the others (drawn on the server for a visitor), not the file index.html.
      index: false,
      preCompressed: true,
      setHeaders: (response, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(origin)),
  );
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // A page is a path without a file's extension, or anything a browser navigates to (it asks for
    // HTML): a page's address may hold a dot (/admin/email-templates/subscription.started).
    const navigation = request.headers.accept?.includes('text/html') && !pathname.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && (!path.extname(pathname) || navigation);
    if (answerPage && wantsPage) return answerPage(request, reply);
    return reply
      .status(404)
      .send(body(request, 404, ErrorCode.notFound, built ? `${request.url} not found` : 'The web app is not built: run npm run build'));
  });
}

/**
 * What search engines may read (decisions 079, 080): the public pages and their pictures; never the
 * signed-in areas, the admin, the sign-in forms or the API (its public media excepted, which link
 * previews and image search show). A live session's page is open to link previews, and says
 * `noindex` itself: it lasts only as long as the session.
 */
const KEPT_OUT = [
  '/admin',
  '/api/',
  '/account/',
  '/auth/',
  '/creator/',
  '/home',
  '/messages',
  '/moderation',
  '/notifications',
  '/payment/',
  '/private-show/',
  '/user/',
];
export const robotsTxt = (origin: string) =>
  [
    'User-agent: *',
    'Allow: /api/media/',
    // Link-preview bots (Twitterbot among them) honour these rules for the card's picture too.
    'Allow: /api/performers/*/preview.jpg',
    'Allow: /api/streaming/live/*/preview.jpg',
    ...KEPT_OUT.map((path) => `Disallow: ${path}`),
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
