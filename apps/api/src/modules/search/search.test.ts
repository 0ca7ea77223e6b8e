import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const record = (keyword: unknown) => app.inject({ method: 'POST', url: '/api/search/keywords', payload: { keyword } });

describe('search keywords', () => {
  it('counts searches, folding case and spaces, and lists them popular or recent first', async () => {
    for (const keyword of ['Yoga  Flow', 'yoga flow', 'fitness', 'YOGA FLOW', 'cooking'])
      expect((await record(keyword)).statusCode).toBe(200);
    const popular = (await app.inject('/api/search/list/keywords')).json();
    expect(popular.data[0]).toMatchObject({ keyword: 'yoga flow', count: 3 });
    const recent = (await app.inject('/api/search/list/keywords?sortBy=recent&limit=1')).json();
    expect(recent.data).toEqual([expect.objectContaining({ keyword: 'cooking', count: 1 })]);
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
