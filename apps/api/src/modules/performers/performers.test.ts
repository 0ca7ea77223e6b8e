import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { login, registerFan, registerPerformer, signedIn } from '../../../test/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const profile = (id: string, headers = {}) => app.inject({ method: 'GET', url: `/api/performers/${id}`, headers });
const verify = async (id: string) => {
  const admin = await signedIn(app, 'admin');
  await app.inject({
    method: 'PUT',
    url: `/api/admin/performers/${id}/verify-documents`,
    headers: admin.headers,
    payload: { verified: true },
  });
};

describe('GET /performers/{id}', () => {
  it('shows a verified creator by username (any case) or id, with the cover fallback', async () => {
    const performer = await registerPerformer(app);
    await verify(performer._id);
    for (const id of [performer.username.toUpperCase(), performer._id]) {
      const response = await profile(id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        _id: performer._id,
        username: performer.username,
        cover: '/leaf.jpg',
        gender: 'female',
        verifiedDocument: true,
      });
      expect(response.json()).not.toHaveProperty('email');
    }
  });

  it('hides an unverified creator from others but not from the creator or an admin', async () => {
    const performer = await registerPerformer(app);
    expect((await profile(performer.username)).statusCode).toBe(404);
    const fan = await registerFan(app);
    expect((await profile(performer.username, { authorization: `Bearer ${await login(app, fan.username)}` })).statusCode).toBe(404);
    expect((await profile(performer.username, { authorization: `Bearer ${await login(app, performer.username)}` })).statusCode).toBe(200);
    expect((await profile(performer.username, (await signedIn(app, 'admin')).headers)).statusCode).toBe(200);
  });

  it('does not show fans as creators', async () => {
    const fan = await registerFan(app);
    expect((await profile(fan.username)).statusCode).toBe(404);
  });
});
