import { ErrorCode } from '@limelight/contracts';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories';
import { type ClientSocket, nextEvent, realtimeSuite } from '../../../test/realtime';

const suite = realtimeSuite();
const closed = (socket: ClientSocket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

describe(`a suspension and open sockets${process.env.REDIS_URL ? ' across two processes over Redis' : ''}`, () => {
  it('closes the account’s sockets at once on every process, says why, and refuses its old token after', async () => {
    const instance = suite.other ?? suite.app;
    const [fan, bystander, admin] = await Promise.all([
      signedIn(suite.app, 'user'),
      signedIn(suite.app, 'user'),
      signedIn(suite.app, 'admin'),
    ]);
    const fanSocket = await suite.connected(fan, instance);
    const otherSocket = await suite.connected(fan, suite.app);
    const bystanderSocket = await suite.connected(bystander, instance);
    const told = nextEvent(fanSocket, 'auth/error');
    const fanClosed = closed(fanSocket);
    const otherClosed = closed(otherSocket);

    const until = new Date(Date.now() + 3_600_000).toISOString();
    const suspended = await suite.app.inject({
      method: 'PUT',
      url: `/api/admin/accounts/${fan.user.id}/standing`,
      headers: admin.headers,
      payload: { action: 'suspend', reason: 'Harassment', until },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await told).message).toMatch(/^Your account is suspended until .* UTC: Harassment$/);
    await Promise.all([fanClosed, otherClosed]);
    expect(bystanderSocket.connected).toBe(true);

    // Its old token opens no socket, with the same words as HTTP.
    const late = suite.open(instance, { reconnection: false, query: { token: fan.token } });
    expect(await nextEvent(late, 'auth/error')).toEqual({ message: (await told).message });
    const http = await instance.inject({ method: 'GET', url: '/api/users/me', headers: fan.headers });
    expect(http.json()).toMatchObject({ statusCode: 403, code: ErrorCode.accountSuspended, message: (await told).message });
  });
});
