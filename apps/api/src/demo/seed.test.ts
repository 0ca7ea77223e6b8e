import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { DEMO_PASSWORD, seedDemoData } from './seed';

describe('demo data', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('seeds an admin, two fans and three verified creators once', async () => {
    const logins = await seedDemoData(app.deps.db, false);
    expect(logins.map((login) => login.role)).toEqual(['admin', 'user', 'user', 'performer', 'performer', 'performer']);
    expect(await seedDemoData(app.deps.db, false)).toEqual([]);
    const creators = await app.inject('/api/performers/avastone');
    expect(creators.json()).toMatchObject({ verifiedDocument: true, bio: expect.stringMatching(/.+/), gender: 'female', country: 'US' });
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'fiona', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });
});

describe('HASH_PW_CLIENT', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ hashPwClient: true });
  });
  afterAll(() => app.close());

  it('tells the client to hash, and stores seeded passwords in the hashed form the client sends', async () => {
    expect((await app.inject('/api/settings/public')).json().hashPwClient).toBe(true);
    await seedDemoData(app.deps.db, true);
    const hashed = createHash('sha256').update(DEMO_PASSWORD).digest('hex');
    const asClient = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'fiona', password: hashed } });
    expect(asClient.statusCode).toBe(200);
    const plain = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'fiona', password: DEMO_PASSWORD } });
    expect(plain.statusCode).toBe(401);
  });
});
