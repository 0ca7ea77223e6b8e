import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/client';
import type { Deps } from '../src/deps';

type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'body' | 'headers' | 'json'>;

/**
 * What the factories need of a site: its database, and requests to it. A test app is one (its
 * requests injected in-process); a server process is one through `siteOverHttp`.
 */
export type Site = { deps: Pick<Deps, 'db'>; inject(options: InjectOptions): Promise<Answer> };

/**
 * A site whose requests go over HTTP to a running server (a child process), with the test's own
 * connection to the database it shares, so that the factories work against real processes.
 */
export function siteOverHttp(origin: string, db: Database): Site {
  return {
    deps: { db },
    async inject({ method = 'GET', url, headers = {}, payload }) {
      if (typeof url !== 'string') throw new Error('siteOverHttp takes a path as url');
      const sent: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) if (value !== undefined) sent[name] = String(value);
      let body: RequestInit['body'];
      if (payload instanceof FormData || typeof payload === 'string' || Buffer.isBuffer(payload)) body = payload as RequestInit['body'];
      else if (payload !== undefined) {
        body = JSON.stringify(payload);
        sent['content-type'] = 'application/json';
      }
      const response = await fetch(new URL(url, origin), { method, headers: sent, body });
      const text = await response.text();
      return { statusCode: response.status, body: text, headers: Object.fromEntries(response.headers), json: () => JSON.parse(text) };
    },
  };
}
