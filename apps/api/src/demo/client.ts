import { inArray } from 'drizzle-orm';
import type { App } from '../app';
import { users } from '../db/schema';
import { createSession, revokeAllSessions } from '../platform/auth';

/** A demo account acting through the API, as its browser would. */
export type Actor = { id: string; username: string; headers: Record<string, string> };

/** A file for a multipart field: its bytes and the name a browser would send. */
export type Part = { data: Buffer; name: string };

/**
 * The demo is made through the same routes a creator's or a fan's browser calls (app.inject:
 * no network, same validation, services, jobs and ledger), so it can never hold something the
 * product itself could not make. Any answer but 200 stops the seed with that answer.
 */
export function demoClient(app: App) {
  async function call<T = Record<string, unknown>>(
    actor: Actor,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object | FormData,
  ): Promise<T> {
    const response = await app.inject({ method, url: `/api${url}`, headers: actor.headers, payload: payload as never });
    if (response.statusCode !== 200)
      throw new Error(`Demo seed: ${method} ${url} as ${actor.username} answered ${response.statusCode} ${response.body}`);
    return response.json() as T;
  }

  /** A multipart form of text fields and files, as the web app's upload forms send it. */
  function form(fields: Record<string, string>, files: Record<string, Part | Part[]> = {}) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    for (const [key, parts] of Object.entries(files)) {
      for (const part of [parts].flat()) body.append(key, new Blob([new Uint8Array(part.data)]), part.name);
    }
    return body;
  }

  /** Signs the demo accounts in (sessions made directly: no password check to pay for at start). */
  async function signIn(usernames: string[]): Promise<Map<string, Actor>> {
    const rows = await app.deps.db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.username, usernames));
    const actors = new Map<string, Actor>();
    for (const row of rows) {
      const session = await createSession(app.deps.db, { userId: row.id, ttlSeconds: 15 * 60, method: 'password' });
      actors.set(row.username!, { id: row.id, username: row.username!, headers: { authorization: `Bearer ${session.token}` } });
    }
    return actors;
  }

  /** Ends the seed's sessions (the only ones of these new accounts), so no token of it stays valid. */
  async function signOut(actors: Iterable<Actor>) {
    for (const actor of actors) await revokeAllSessions(app.deps.db, actor.id);
  }

  return { call, form, signIn, signOut };
}
