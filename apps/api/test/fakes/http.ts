import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeServer = { url: string; close(): Promise<void> };
export type Handler = (request: IncomingMessage, response: ServerResponse, body: string, url: URL) => unknown;

/** A bare HTTP server on a free local port, for fakes of outside providers. */
export async function startFakeServer(handler: Handler, port = 0): Promise<FakeServer> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
      Promise.resolve(handler(request, response, Buffer.concat(chunks).toString(), url)).catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const sendJson = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export const redirect = (response: ServerResponse, location: string) => response.writeHead(302, { location }).end();

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A consent page: a form of text fields posted to `action`, with hidden fields carried along. */
export function consentPage(
  response: ServerResponse,
  title: string,
  action: string,
  hidden: Record<string, string>,
  fields: Record<string, string>,
) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<label>${escapeHtml(name)} <input name="${escapeHtml(name)}" value="${escapeHtml(value)}"></label><br>`)
    .join('');
  const carried = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  response
    .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    .end(
      `<!doctype html><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1><form method="post" action="${escapeHtml(action)}">${carried}${inputs}<button type="submit">Allow</button></form>`,
    );
}
