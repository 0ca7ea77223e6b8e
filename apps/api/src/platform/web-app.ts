import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@limelight/contracts';
import type { FastifyInstance } from 'fastify';
import { body } from './errors';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for every page route so the
 * client router takes over, and a JSON 404 for anything else that is not a page (a missing asset).
 *
 * The web build writes a brotli (.br) and a gzip (.gz) copy beside every text file, and
 * `preCompressed` picks the one the browser accepts (br first), so assets are compressed once at
 * build time at the best level instead of on every request. Those answers carry their own
 * `content-encoding` and `vary: accept-encoding`; an on-the-fly compression plugin skips them.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      preCompressed: true,
      setHeaders: (response, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // A page is a path without a file's extension, or anything a browser navigates to (it asks for
    // HTML): a page's address may hold a dot (/admin/email-templates/subscription.started).
    const navigation = request.headers.accept?.includes('text/html') && !pathname.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && (!path.extname(pathname) || navigation);
    if (built && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply
      .status(404)
      .send(body(request, 404, ErrorCode.notFound, built ? `${request.url} not found` : 'The web app is not built: run npm run build'));
  });
}
