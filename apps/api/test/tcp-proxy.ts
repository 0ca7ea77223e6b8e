import net from 'node:net';

export type TcpProxy = {
  port: number;
  /** The same URL with this proxy's address in place of the target's. */
  through(url: string): string;
  /** The dependency goes away, as a crashed server does: open connections reset, new ones reset on arrival. */
  cut(): void;
  /** The dependency is back: new connections reach it again. */
  restore(): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy in front of a dependency (PostgreSQL, Redis) that a test cuts and restores, so that
 * the app meets a real outage through its real drivers, with nothing of ours mocked.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) return void client.resetAndDestroy();
    const upstream = net.connect(target.port, target.host);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      open.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => {
        open.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut() {
      cut = true;
      for (const socket of open) socket.resetAndDestroy();
    },
    restore() {
      cut = false;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Where a postgres:// or redis:// URL points. */
export function addressOf(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) || (parsed.protocol.startsWith('redis') ? 6379 : 5432) };
}
