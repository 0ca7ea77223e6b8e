import net from 'node:net';
import { type ServerProcess as Incarnation, startServerProcess } from '../server-process';

/** A port free now (the kernel picks it); kept by whoever binds it next. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A line the server logged at level error or fatal. */
const ERROR_LINE = /"level":(50|60)/;

/**
 * One server process (`startServerProcess`, as `npm start` or `npm run worker` runs it) that can
 * be killed and started again, on a fixed port (env.PORT) so that clients find it again after a
 * restart. `kill` is a SIGKILL (no drain, no goodbye); an exit nobody asked for is a crash.
 */
export function serverProcess(name: string, args: string[], env: Record<string, string>) {
  const incarnations: Incarnation[] = [];
  let killing = false;
  /** Exits nobody asked for (a crash of its own): each a failure of the run. */
  const crashes: string[] = [];
  const current = () => incarnations.at(-1);
  const running = () => {
    const child = current()?.child;
    return child && child.exitCode === null && child.signalCode === null ? current() : undefined;
  };
  /** What its incarnations logged as errors: what a chaos run needs to see afterwards. */
  const errors = () => incarnations.flatMap((incarnation) => incarnation.lines.filter((line) => ERROR_LINE.test(line)));
  const start = async () => {
    const incarnation = await startServerProcess(env, { args });
    incarnations.push(incarnation);
    void incarnation.exited.then((code) => {
      if (!killing) crashes.push(`${name} exited by itself (${code ?? incarnation.child.signalCode}): ${errors().slice(-3).join('\n')}`);
    });
  };
  /** After a crash: started again, also while the database is still coming back (a start that meets it away exits). */
  const restart = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await start();
      } catch (error) {
        if (attempt === 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  };
  /** Ends the running incarnation with `signal` and waits for its exit. */
  const end = async (signal: NodeJS.Signals) => {
    const incarnation = running();
    if (!incarnation) return;
    killing = true;
    incarnation.child.kill(signal);
    await incarnation.exited;
    killing = false;
  };
  return {
    name,
    origin: `http://127.0.0.1:${env.PORT}`,
    start,
    restart,
    get starts() {
      return incarnations.length;
    },
    get errors() {
      return errors();
    },
    crashes,
    /** A crash: SIGKILL, and the process is gone when this resolves. */
    kill: () => end('SIGKILL'),
    /** The end of the run: SIGTERM, a drain, and its exit. */
    stop: () => end('SIGTERM'),
  };
}

export type ServerProcess = ReturnType<typeof serverProcess>;
