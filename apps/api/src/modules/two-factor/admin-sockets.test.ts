import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories';
import { nextEvent, realtimeSuite } from '../../../test/realtime';

// The switch is off in other suites; here it is on, as in production.
const suite = realtimeSuite({ requireAdminSecondFactor: true });

describe('sockets of an admin who has not set up a second factor', () => {
  it('are refused with the HTTP gate’s reason until a factor is enrolled; other accounts are not held', async () => {
    const [admin, fan] = await Promise.all([signedIn(suite.app, 'admin'), signedIn(suite.app, 'user')]);
    const instance = suite.other ?? suite.app;
    const refusedHttp = await suite.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.headers });
    expect(refusedHttp.statusCode).toBe(403);

    const socket = suite.open(instance, { reconnection: false, query: { token: admin.token } });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect(await nextEvent(socket, 'auth/error')).toEqual({ message: refusedHttp.json().message });
    expect(await closed).toBe('io server disconnect');
    // Signing in by the event is refused alike.
    const again = suite.open(instance, { reconnection: false });
    await new Promise<void>((resolve) => again.once('connect', () => resolve()));
    again.emit('auth/login', { token: admin.token });
    expect((await nextEvent(again, 'auth/error')).message).toBe(refusedHttp.json().message);

    await suite.connected(fan, instance);

    const setup = await suite.app.inject({ method: 'POST', url: '/api/auth/2fa/totp/setup', headers: admin.headers });
    const code = new TOTP({ secret: Secret.fromBase32(setup.json().secret) }).generate();
    const confirmed = await suite.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/totp/confirm',
      headers: admin.headers,
      payload: { code },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await suite.connected(admin, instance);
  });
});
