import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { type ServerRender, type ServerRenderResult, SIGNED_IN_COOKIE, THEME_COOKIE, ZONE_COOKIE } from '@limelight/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web app's server bundle (`npm run build` writes it beside the browser's, in `dist-server`),
 * or undefined when there is none: then every page answers the app's shell, drawn in the browser.
 * Imported at the first page asked for, not at start: a process that serves only the API (a
 * worker, the tests) never holds it, and a restart is not slowed by it.
 */
export function serverRenderIn(webDistDir: string): (() => Promise<ServerRender>) | undefined {
  const entry = path.join(webDistDir, '..', 'dist-server', 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  let loading: Promise<ServerRender> | undefined;
  return () => {
    loading ??= import(pathToFileURL(entry).href).then((bundle: { serverRender: ServerRender }) => bundle.serverRender);
    return loading;
  };
}

/** The headers of the visitor's request that the API's answers depend on; the rest stay out. */
const FORWARDED_HEADERS = ['cookie', 'accept-language', 'user-agent'] as const;

/**
 * The render's way to the API: each call goes into this process (`inject`, no socket) as the
 * visitor's own request would, with their cookie and their address, so every rule (blocks,
 * countries, maintenance, who may see what) answers it exactly as it answers the browser.
 */
export function fetchAsVisitor(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return async (input, init) => {
    const asked = input instanceof Request ? input : new Request(input, init);
    const url = new URL(asked.url);
    const answer = await app.inject({
      method: asked.method as 'GET',
      url: url.pathname + url.search,
      headers: { ...headers, accept: 'application/json' },
      remoteAddress: request.ip,
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers: responseHeaders });
  };
}

/** index.html's preloads of the API's answers, with the comment that explains them there. */
const SHELL_ANSWER_PRELOADS = /\s*<!--[^>]*?requestShellData[\s\S]*?-->|\s*<link rel="preload" href="\/api\/[^"]*" as="fetch"[^>]*>/g;

/**
 * The page: the built `index.html` with the render's HTML in the root, its styles in the head, the
 * theme on the document (so a dark page paints dark before any script) and the state the browser's
 * store starts from.
 */
export function composePage(template: string, rendered: Pick<ServerRenderResult, 'html' | 'head' | 'state'> | undefined, theme: string) {
  let page = template.replace('<html lang="en">', `<html lang="en" data-theme="${theme}" style="color-scheme: ${theme}">`);
  if (!rendered) return page;
  // The page's own title and description take the place of the shell's.
  page = page.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
  // The shell preloads the answers every screen waits for; a drawn page holds them (its state), so
  // they would be fetched for nothing, two requests of the six a phone sends at a time at the start.
  page = page.replace(SHELL_ANSWER_PRELOADS, '');
  page = page.replace('</head>', `${rendered.head}</head>`);
  page = page.replace(
    '<div id="root"></div>',
    `<div id="root">${rendered.html}</div><script type="application/json" id="render-state">${rendered.state}</script>`,
  );
  return page;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
type Encoding = 'br' | 'gzip' | 'identity';

const encodingFor = (request: FastifyRequest): Encoding => {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
};

/** Brotli at `quality` (a drawn page is made for one request: a middle level), else gzip, else plain. */
async function encoded(page: string, encoding: Encoding, quality: number) {
  if (encoding === 'br') return brotli(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } });
  return encoding === 'gzip' ? gzip(page) : Buffer.from(page);
}

const send = (reply: FastifyReply, encoding: Encoding, body: Buffer) => {
  reply.header('vary', 'accept-encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body);
};

/** The visitor's theme, from the cookie the web app keeps; light when there is none. */
export const themeOf = (request: FastifyRequest) => (request.cookies[THEME_COOKIE] === 'dark' ? 'dark' : 'light');

/** The visitor's time zone, from the cookie the web app keeps, when it names one; else UTC. */
export function zoneOf(request: FastifyRequest) {
  const zone = request.cookies[ZONE_COOKIE];
  if (!zone || zone.length > 64) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

/**
 * What answers a page request: a public page drawn on the server, or the shell for the others (and
 * when drawing fails). The shell has two forms (light and dark), each compressed once at the best
 * level, as the build compresses its files: a signed-in page costs no compression per request.
 */
export function pageAnswerer(
  app: FastifyInstance,
  template: string,
  loadServerRender: (() => Promise<ServerRender>) | undefined,
  origin: string,
) {
  const shells = new Map<string, Promise<Buffer>>();
  const shell = (reply: FastifyReply, theme: 'light' | 'dark', encoding: Encoding) => {
    const key = `${theme} ${encoding}`;
    if (!shells.has(key)) shells.set(key, encoded(composePage(template, undefined, theme), encoding, zlib.constants.BROTLI_MAX_QUALITY));
    return shells.get(key)!.then((body) => send(reply, encoding, body));
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    const signedIn = request.cookies[SIGNED_IN_COOKIE] === '1';
    const theme = themeOf(request);
    const encoding = encodingFor(request);
    // Members' pages hold their own data: never kept by a shared cache.
    reply.header('cache-control', signedIn ? 'private, no-cache' : 'no-cache').type('text/html; charset=utf-8');
    try {
      const serverRender = await loadServerRender?.();
      if (!serverRender?.rendersOnServer(pathname, signedIn)) return shell(reply, theme, encoding);
      const rendered = await serverRender.render({
        url: request.url,
        fetch: fetchAsVisitor(app, request),
        signedIn,
        theme,
        timeZone: zoneOf(request),
        origin,
      });
      if (!rendered) return shell(reply, theme, encoding);
      const compressing = performance.now();
      const body = await encoded(composePage(template, rendered, theme), encoding, 5);
      // What the page cost, for the bench and a browser's network panel: its reads from the API, the
      // drawing, the compression.
      const { read, draw } = rendered.timings;
      reply.header(
        'server-timing',
        `read;dur=${read.toFixed(1)}, draw;dur=${draw.toFixed(1)}, compress;dur=${(performance.now() - compressing).toFixed(1)}`,
      );
      return send(reply.status(rendered.status), encoding, body);
    } catch (error) {
      // The page still opens: the browser draws it, as it did before pages were drawn on the server.
      request.log.error({ err: error }, 'server render failed; answering the shell');
      return shell(reply, theme, encoding);
    }
  };
}
