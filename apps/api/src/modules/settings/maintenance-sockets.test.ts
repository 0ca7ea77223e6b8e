import { describe, expect, it, vi } from 'vitest';
import { setSetting, signedIn } from '../../../test/factories';
import { type ClientSocket, nextEvent, realtimeSuite } from '../../../test/realtime';

const suite = realtimeSuite();
const MAINTENANCE = 'The site is under maintenance: please come back soon';

/** The admin switches maintenance on one process; the test goes on once the bus brought it to every process. */
async function switchMaintenance(on: boolean) {
  await setSetting(suite.app, 'maintenanceMode', on);
  for (const instance of [suite.app, suite.other]) {
    if (instance) await vi.waitFor(() => expect(instance.deps.settings.get('maintenanceMode')).toBe(on));
  }
}

const closed = (socket: ClientSocket) => new Promise<string>((resolve) => socket.once('disconnect', resolve));

describe(`maintenance mode and open sockets${process.env.REDIS_URL ? ' across two processes over Redis' : ''}`, () => {
  it('closes the sockets of everyone but admins as it starts, refuses new ones while it lasts, and lets them back after', async () => {
    const instance = suite.other ?? suite.app;
    const [fan, creator, admin] = await Promise.all([
      signedIn(suite.app, 'user'),
      signedIn(suite.app, 'performer'),
      signedIn(suite.app, 'admin'),
    ]);
    const fanSocket = await suite.connected(fan, instance);
    const creatorSocket = await suite.connected(creator, instance);
    const adminSocket = await suite.connected(admin, instance);
    const fanTold = nextEvent(fanSocket, 'auth/error');
    const fanClosed = closed(fanSocket);
    const creatorClosed = closed(creatorSocket);
    try {
      await switchMaintenance(true);
      expect(await fanTold).toEqual({ message: MAINTENANCE });
      await Promise.all([fanClosed, creatorClosed]);
      expect(adminSocket.connected).toBe(true);

      // A socket signing in meanwhile is refused with the same words.
      const late = suite.open(instance, { reconnection: false, query: { token: fan.token } });
      expect(await nextEvent(late, 'auth/error')).toEqual({ message: MAINTENANCE });
    } finally {
      await switchMaintenance(false);
    }
    const back = await suite.connected(fan, instance);
    expect(back.connected).toBe(true);
  });
});
