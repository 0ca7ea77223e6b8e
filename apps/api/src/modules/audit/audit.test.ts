import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { registerPerformer, signedIn } from '../../../test/factories';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
});
afterAll(() => app.close());

const audit = (query: string, headers = admin.headers) => app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers });

describe('audit trail', () => {
  it('records an admin action with who, what, from where and when, searchable by target and area', async () => {
    const creator = await registerPerformer(app);
    const verify = await app.inject({
      method: 'PUT',
      url: `/api/admin/performers/${creator._id}/verify-documents`,
      headers: { ...admin.headers, 'user-agent': 'audit-test-agent' },
      payload: { verified: true },
      remoteAddress: '127.9.9.9',
    });
    expect(verify.statusCode, verify.body).toBe(200);
    const deactivate = await app.inject({
      method: 'PUT',
      url: `/api/admin/accounts/${creator._id}/status`,
      headers: admin.headers,
      payload: { status: 'inactive' },
    });
    expect(deactivate.statusCode, deactivate.body).toBe(200);

    const trail = await audit(`targetId=${creator._id}&sort=asc`);
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json().total).toBe(2);
    const [first, second] = trail.json().data;
    expect(first).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      action: 'creator.verify',
      targetType: 'user',
      targetId: creator._id,
      ip: '127.9.9.9',
      userAgent: 'audit-test-agent',
    });
    expect(second.action).toBe('account.deactivate');

    const byArea = await audit(`action=account&targetId=${creator._id}`);
    expect(byArea.json().data.map((row: { action: string }) => row.action)).toEqual(['account.deactivate']);
  });

  it('is read by admins only', async () => {
    const fan = await signedIn(app, 'user');
    expect((await audit('', fan.headers)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });

  it('cannot be changed: no route writes it and the database refuses updates and deletes', async () => {
    const [entry] = (await audit('limit=1')).json().data;
    expect(entry).toBeDefined();
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: `/api/admin/audit/${entry._id}`, headers: admin.headers, payload: {} });
      expect(response.statusCode).toBe(404);
    }
    const refusal = (statement: ReturnType<typeof sql>) =>
      app.database.db.execute(statement).then(
        () => 'accepted',
        (error: { cause?: { message?: string } }) => error.cause?.message,
      );
    expect(await refusal(sql`update audit_events set reason = 'rewritten' where id = ${entry._id}`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_events where id = ${entry._id}`)).toMatch(/append-only/);
    const again = (await audit(`targetId=${entry.targetId}`)).json().data.find((row: { _id: string }) => row._id === entry._id);
    expect(again.reason).toBe(entry.reason);
  });

  it('names a bad filter', async () => {
    const response = await audit('from=yesterday');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('from');
  });
});
