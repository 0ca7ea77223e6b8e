import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { GeoLookup } from './geo';

type ClientContext = { ip: string; geo: GeoLookup; country?: string | null };
const context = new AsyncLocalStorage<ClientContext>();

/**
 * Keeps the caller's address for the whole request, so the access policies can find the
 * visitor's country (creators block countries) without every service passing it along.
 * The address is the connection's, or X-Forwarded-For only with TRUST_PROXY.
 */
export function registerClientCountry(app: FastifyInstance, geo: GeoLookup) {
  app.addHook('onRequest', (request, _reply, done) => {
    context.run({ ip: request.ip, geo }, done);
  });
}

/** The country of the current request's client, looked up once; undefined outside a request. */
export function clientCountry(): string | undefined {
  const client = context.getStore();
  if (!client) return undefined;
  if (client.country === undefined) client.country = client.geo.countryOf(client.ip) ?? null;
  return client.country ?? undefined;
}
