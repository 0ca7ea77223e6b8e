import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { signedIn } from '../../test/factories';
import { withDatabase } from '../../test/global-setup';
import { openPostgres } from '../db/client';
import { SessionCache } from './session-cache';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

type Account = Awaited<ReturnType<typeof signedIn>>;
const me = (on: TestApp, account: Account) => on.inject({ method: 'GET', url: '/api/users/me', headers: account.headers });

describe('the session cache (decision 061)', () => {
  it('drops by session and by account at a lookup, and keeps no read a drop of its own overtook', () => {
    const cache = new SessionCache<{ id: string; user: { id: string } }>();
    cache.setListening(true);
    const [mine, other] = [
      { id: 's1', user: { id: 'u1' } },
      { id: 's2', user: { id: 'u2' } },
    ];
    const mark = cache.mark();
    cache.changed('u:u1');
    cache.keep('token-1', mine, mark);
    cache.keep('token-2', other, mark);
    // Another account's change says nothing of this read; this account's does.
    expect([cache.get('token-1'), cache.get('token-2')]).toEqual([undefined, other]);
    cache.keep('token-1', mine, cache.mark());
    cache.changed('s:s2');
    expect([cache.get('token-1'), cache.get('token-2')]).toEqual([mine, undefined]);
    cache.changed('u:u1');
    expect(cache.get('token-1')).toBeUndefined();
  });

  it('answers a signed-in request from memory until the database says the account changed', async () => {
    const fan = await signedIn(app, 'user');
    expect((await me(app, fan)).json().name).toBe(fan.user.name);
    // With the trigger off, a rename is not announced: the kept session still says the old name,
    // which shows the request did not read the database.
    await app.deps.db.transaction(async (tx) => {
      await tx.execute(sql`alter table users disable trigger users_changed`);
      await tx.execute(sql`update users set name = 'Unannounced' where id = ${fan.user.id}`);
      await tx.execute(sql`alter table users enable trigger users_changed`);
    });
    expect((await me(app, fan)).json().name).toBe(fan.user.name);
    // Any writer's change is announced and heard before the next request: here a bare SQL update.
    await app.deps.db.execute(sql`update users set name = 'Announced' where id = ${fan.user.id}`);
    expect((await me(app, fan)).json().name).toBe('Announced');
  });

  it('refuses a session at once after a logout, a suspension or a revocation written by hand', async () => {
    const admin = await signedIn(app, 'admin');
    const [loggedOut, suspended, revoked] = [await signedIn(app, 'user'), await signedIn(app, 'user'), await signedIn(app, 'user')];
    for (const account of [loggedOut, suspended, revoked]) expect((await me(app, account)).statusCode).toBe(200);

    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: loggedOut.headers })).statusCode).toBe(200);
    expect((await me(app, loggedOut)).statusCode).toBe(401);

    const suspension = await app.inject({
      method: 'PUT',
      url: `/api/admin/accounts/${suspended.user.id}/standing`,
      headers: admin.headers,
      payload: { action: 'suspend', reason: 'Spam in messages', until: new Date(Date.now() + 3 * 86_400_000).toISOString() },
    });
    expect(suspension.statusCode, suspension.body).toBe(200);
    expect((await me(app, suspended)).statusCode).toBe(403);

    await app.deps.db.execute(sql`update sessions set revoked_at = now() where user_id = ${revoked.user.id}`);
    expect((await me(app, revoked)).statusCode).toBe(401);
  });

  // Two API processes on one PostgreSQL: each keeps its own sessions and hears the other's changes.
  describe.skipIf(!process.env.DATABASE_URL)('across processes', () => {
    let other: TestApp;
    beforeAll(async () => {
      const [{ name }] = (await app.deps.db.execute<{ name: string }>(sql`select current_database() as name`)).rows as [{ name: string }];
      const database = await openPostgres(withDatabase(process.env.DATABASE_URL!, name));
      other = await createTestApp({}, { database });
      other.addHook('onClose', () => database.close());
    });
    afterAll(async () => {
      await other?.close();
    });

    // The process that wrote the change hears it before its commit returns (above); another hears
    // it when the database's message arrives, a moment after the commit: that moment is measured.
    it('refuses on one process a session signed out on the other as soon as the database tells it', async () => {
      const [first, second] = [await app.listen({ port: 0, host: '127.0.0.1' }), await other.listen({ port: 0, host: '127.0.0.1' })];
      const call = (base: string, method: string, path: string, account: Account) =>
        fetch(`${base}/api${path}`, { method, headers: account.headers }).then((response) => response.status);
      const delays: number[] = [];
      for (let round = 0; round < 20; round++) {
        const fan = await signedIn(app, 'user');
        expect(await call(second, 'GET', '/users/me', fan)).toBe(200);
        expect(await call(second, 'GET', '/users/me', fan)).toBe(200);
        expect(await call(first, 'POST', '/auth/logout', fan)).toBe(200);
        const loggedOut = performance.now();
        while ((await call(second, 'GET', '/users/me', fan)) !== 401) expect(performance.now() - loggedOut).toBeLessThan(500);
        delays.push(performance.now() - loggedOut);
      }
      delays.sort((a, b) => a - b);
      console.log(`a logout refused on the other process after ${delays[10]!.toFixed(1)} ms median, ${delays[19]!.toFixed(1)} ms at most`);
    });
  });
});
