import { type ChildProcess, spawn } from 'node:child_process';

export const repoRoot = new URL('..', import.meta.url).pathname;

/** Starts a command and resolves with the milliseconds until `url` first answers 200. */
export async function timeToFirstResponse(command: string, args: string[], env: NodeJS.ProcessEnv, url: string) {
  const started = performance.now();
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} exited early:\n${stderr}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return { ms: performance.now() - started, child };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function stop(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
