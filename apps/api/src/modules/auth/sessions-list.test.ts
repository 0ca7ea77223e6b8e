import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { PASSWORD, signedIn } from '../../../test/factories';
import { sessions } from '../../db/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const list = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/auth/sessions', headers });

describe('the sessions list', () => {
  it('shows each session’s place (from its address) and last activity beside the device', async () => {
    const { user, headers } = await signedIn(app, 'user');
    const abroad = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.email, password: PASSWORD },
      remoteAddress: '8.8.8.8',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari/604.1' },
    });
    expect(abroad.statusCode).toBe(200);
    const rows = (await list(headers)).json().data as Array<{ ip: string; country: string | null; city: null; lastSeenAt: string }>;
    const far = rows.find((row) => row.ip === '8.8.8.8')!;
    expect(far.country).toBe('US');
    expect(far.city).toBeNull();
    expect(Date.now() - Date.parse(far.lastSeenAt)).toBeLessThan(60_000);
    // A private address has no country: the list says nothing rather than guess.
    expect(rows.find((row) => row.ip !== '8.8.8.8')!.country).toBeNull();
  });

  it('moves last activity on at most once a minute per session', async () => {
    const { headers } = await signedIn(app, 'user');
    const own = async () =>
      ((await list(headers)).json().data as Array<{ _id: string; current: boolean; lastSeenAt: string }>).find((row) => row.current)!;
    const { _id } = await own();
    const setLastSeen = (at: Date) => app.deps.db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, _id));

    // Seen 20 seconds ago: a request now writes nothing.
    const recent = new Date(Date.now() - 20_000);
    await setLastSeen(recent);
    await app.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(Date.parse((await own()).lastSeenAt)).toBe(recent.getTime());

    // Seen two hours ago: the next request moves it to now, once.
    await setLastSeen(new Date(Date.now() - 2 * 3600_000));
    await Promise.all([1, 2, 3].map(() => app.inject({ method: 'GET', url: '/api/users/me', headers })));
    const [row] = await app.deps.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions).where(eq(sessions.id, _id));
    expect(Date.now() - row!.lastSeenAt!.getTime()).toBeLessThan(10_000);
  });
});
