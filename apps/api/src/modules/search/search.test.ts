import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { creatorOnShelves, freshIp, setSetting, signedIn } from '../../../test/factories';
import { searchKeywordSearchers, users } from '../../db/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
  // Creators the counted searches find.
  for (const name of ['Yoga Flow Studio', 'Fitness Fiona', 'Cooking Carla', 'Minor Chords']) {
    const creator = await creatorOnShelves(app);
    await app.deps.db.update(users).set({ name }).where(eq(users.id, creator.user.id));
  }
});
afterAll(() => app.close());

/** One search, by a visitor from `ip` or by the account whose headers are given. */
const record = (keyword: unknown, from: { ip?: string; headers?: Record<string, string> } = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/search/keywords',
    payload: { keyword },
    remoteAddress: from.ip ?? freshIp(),
    headers: from.headers,
  });
const popular = async (query = '') =>
  (await app.inject(`/api/search/list/keywords${query}`)).json().data as Array<{ keyword: string; count: number }>;

describe('search keywords', () => {
  it('lists a search once three different people made it, folding case and spaces', async () => {
    const visitor = freshIp();
    for (const keyword of ['Yoga  Flow', 'yoga flow', 'YOGA FLOW'])
      expect((await record(keyword, { ip: visitor })).json()).toEqual({ keyword: 'yoga flow', counted: true });
    // One visitor searching three times is one searcher, not a popular search.
    expect(await popular()).toEqual([]);
    const fan = await signedIn(app, 'user');
    await record('yoga flow', { headers: fan.headers });
    await record('yoga flow', { headers: fan.headers, ip: freshIp() });
    expect(await popular()).toEqual([]);
    await record('Yoga flow');
    expect(await popular()).toEqual([expect.objectContaining({ keyword: 'yoga flow', count: 6 })]);
    // Visitors are kept as a keyed hash, never their address.
    const searchers = await app.deps.db.select().from(searchKeywordSearchers).where(eq(searchKeywordSearchers.keyword, 'yoga flow'));
    expect(searchers.map((row) => row.searcher).sort()).toEqual([
      expect.stringMatching(/^address:[\w-]{43}$/),
      expect.stringMatching(/^address:/),
      `user:${fan.user.id}`,
    ]);
    expect(searchers.some((row) => row.searcher.includes(visitor))).toBe(false);
  });

  it('orders by different searchers, then searches, or the latest first', async () => {
    for (let i = 0; i < 4; i += 1) await record('fitness');
    for (let i = 0; i < 3; i += 1) await record('cooking');
    expect((await popular()).map((row) => row.keyword)).toEqual(['fitness', 'yoga flow', 'cooking']);
    expect((await popular('?sortBy=recent&limit=1')).map((row) => row.keyword)).toEqual(['cooking']);
  });

  it('never keeps a search that found nobody or carries a blocked word', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await record('asdfgh qwerty')).json()).toEqual({ keyword: 'asdfgh qwerty', counted: false });
      // A creator's name found, but the words may not be published.
      expect((await record('minor chords')).json()).toEqual({ keyword: 'minor chords', counted: false });
    }
    expect((await popular()).map((row) => row.keyword)).toEqual(['fitness', 'yoga flow', 'cooking']);
  });

  it("shows the admin's list instead, in their order, while it is set", async () => {
    await setSetting(app, 'popularSearches', 'Cooking\n\nnew  creators\ncooking');
    expect(await popular()).toEqual([
      expect.objectContaining({ keyword: 'cooking', count: 3 }),
      { keyword: 'new creators', count: 0, lastSearchedAt: null },
    ]);
    await setSetting(app, 'popularSearches', '');
    expect((await popular())[0]?.keyword).toBe('fitness');
  });

  it('refuses blank, one-letter and overlong keywords', async () => {
    for (const keyword of ['', 'a', 'x'.repeat(61), 42]) {
      const response = await record(keyword);
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toBe('keyword');
    }
    expect((await app.inject('/api/search/list/keywords?sortBy=best')).statusCode).toBe(400);
  });
});
