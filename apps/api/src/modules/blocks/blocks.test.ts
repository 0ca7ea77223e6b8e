import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signedIn } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const check = (remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/block/countries/check', remoteAddress, headers });

describe('GET /block/countries/check', () => {
  it('finds the country of the client address without blocking by default', async () => {
    expect((await check('8.8.8.8')).json()).toEqual({ blocked: false, country: 'US' });
    expect((await check('81.2.69.142')).json()).toEqual({ blocked: false, country: 'GB' });
    expect((await check('127.0.0.1')).json()).toEqual({ blocked: false, country: null });
  });

  it('blocks visitors from the countries an admin listed, and only them', async () => {
    const admin = await signedIn(app, 'admin');
    const set = (value: unknown) =>
      app.inject({ method: 'PUT', url: '/api/admin/settings/blockedCountries', headers: admin.headers, payload: { value } });
    expect((await set(['US'])).statusCode).toBe(200);
    try {
      expect((await check('8.8.8.8')).json()).toEqual({ blocked: true, country: 'US' });
      expect((await check('81.2.69.142')).json()).toEqual({ blocked: false, country: 'GB' });
      // Without TRUST_PROXY a forwarded address is ignored: a client cannot pick its country.
      expect((await check('8.8.8.8', { 'x-forwarded-for': '81.2.69.142' })).json().blocked).toBe(true);
    } finally {
      await set([]);
    }
    expect((await set(['usa'])).json().details[0].field).toBe('value');
  });

  it('reads the forwarded address when TRUST_PROXY is on', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const response = await proxied.inject({
        method: 'GET',
        url: '/api/block/countries/check',
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': '81.2.69.142' },
      });
      expect(response.json().country).toBe('GB');
    } finally {
      await proxied.close();
    }
  });
});
