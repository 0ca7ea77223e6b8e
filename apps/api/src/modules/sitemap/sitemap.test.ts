import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signedIn, verifiedPerformer } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
const post = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/performer/feeds', headers, payload: { type: 'text', ...payload } });

/** Every address the sitemap lists, through its index and pages, as a crawler reads them. */
async function everyListedPath() {
  const index = await app.inject('/sitemap.xml');
  expect(index.statusCode).toBe(200);
  expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  const paths: string[] = [];
  for (const sitemap of locsOf(index.body)) {
    const page = await app.inject(sitemap);
    expect(page.statusCode, sitemap).toBe(200);
    paths.push(...locsOf(page.body));
  }
  return paths;
}

describe('sitemap.xml', () => {
  it('lists listed creators and their free posts, and no one unlisted, hidden, or only for subscribers', async () => {
    const listed = await verifiedPerformer(app);
    const free = (await post(listed.headers, { text: 'For everyone', isSale: true, price: 0 })).json();
    const forSubscribers = (await post(listed.headers, { text: 'Subscribers only', isSale: false })).json();
    const unverified = await signedIn(app, 'performer');
    const hidden = await verifiedPerformer(app);
    const hiddenPost = (await post(hidden.headers, { text: 'Free, from a hidden page', isSale: true, price: 0 })).json();
    const switched = await app.inject({
      method: 'PUT',
      url: '/api/performers/me',
      headers: hidden.headers,
      payload: { hiddenFromSearchEngines: true },
    });
    expect(switched.statusCode, switched.body).toBe(200);

    const paths = await everyListedPath();
    expect(paths).toEqual(expect.arrayContaining(['/', '/explore', `/${listed.user.username}`, `/post/${free._id}`]));
    for (const absent of [
      `/${unverified.user.username}`,
      `/${hidden.user.username}`,
      `/post/${forSubscribers._id}`,
      `/post/${hiddenPost._id}`,
    ])
      expect(paths).not.toContain(absent);
  });

  it('answers 404 past its last page and 400 for a name it never gives', async () => {
    expect((await app.inject('/sitemaps/creators-999.xml')).statusCode).toBe(404);
    const bad = await app.inject('/sitemaps/users-1.xml');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('must look like creators-1.xml');
  });
});
