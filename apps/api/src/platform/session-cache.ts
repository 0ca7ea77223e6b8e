import type { FastifyBaseLogger } from 'fastify';
import { type Database, type DatabaseHandle, SESSION_CHANGES_CHANNEL } from '../db/client';

/** At most this many sessions are kept, the one kept longest going first. */
const MAX_SESSIONS = 20_000;
/**
 * How long a session is trusted without asking the database again. The triggers' messages drop a
 * changed one at once; this only bounds the cost of a message that never came.
 */
const TRUSTED_FOR_MS = 60_000;

type Cached<Row> = { row: Row; readAt: number };
/** How many recent drops are remembered for reads still under way; past it they are forgotten at once. */
const MAX_REMEMBERED_DROPS = 10_000;

/**
 * The sessions this process resolved, by token hash, so a signed-in request costs no database
 * read (decision 061). Each is dropped as soon as the database announces its session or its
 * account changed (a revocation, a suspension, a new name, the once-a-minute last-seen time),
 * whichever process wrote it. While that announcement cannot be heard (the listening connection
 * is down), nothing is kept. Every process hears every announcement, so each costs a lookup, not
 * a scan of what is kept.
 */
export class SessionCache<Row extends { id: string; user: { id: string } }> {
  private readonly sessions = new Map<string, Cached<Row>>();
  /** The token hashes kept under each announcement's key: `s:<session id>` and `u:<account id>`. */
  private readonly tokensOf = new Map<string, Set<string>>();
  private listening = false;
  /** Numbers every drop, so a read that began before one that concerns it is not kept. */
  private drops = 0;
  private readonly droppedAt = new Map<string, number>();
  /** Reads that began before this number are not kept (a gap, or forgotten drops). */
  private keepFrom = 0;

  /** Where a read begins; `keep` stores its row only if nothing of it was dropped meanwhile. */
  mark(): number {
    return this.drops;
  }

  get(tokenHash: string): Row | undefined {
    const cached = this.sessions.get(tokenHash);
    if (!cached) return undefined;
    if (Date.now() - cached.readAt >= TRUSTED_FOR_MS) {
      this.forget(tokenHash);
      return undefined;
    }
    return cached.row;
  }

  keep(tokenHash: string, row: Row, mark: number) {
    const keys = [`s:${row.id}`, `u:${row.user.id}`];
    if (!this.listening || mark < this.keepFrom || keys.some((key) => (this.droppedAt.get(key) ?? -1) >= mark)) return;
    if (this.sessions.size >= MAX_SESSIONS) this.forget(this.sessions.keys().next().value!);
    this.sessions.set(tokenHash, { row, readAt: Date.now() });
    for (const key of keys) {
      const tokens = this.tokensOf.get(key) ?? new Set<string>();
      this.tokensOf.set(key, tokens.add(tokenHash));
    }
  }

  /** A database announcement: `s:<session id>` or `u:<account id>`. */
  changed(key: string) {
    if (this.droppedAt.size >= MAX_REMEMBERED_DROPS) {
      this.droppedAt.clear();
      this.keepFrom = this.drops + 1;
    }
    this.droppedAt.set(key, this.drops++);
    for (const tokenHash of this.tokensOf.get(key) ?? []) this.forget(tokenHash);
  }

  /** Whether announcements are heard; anything kept before a gap may have missed one. */
  setListening(listening: boolean) {
    this.listening = listening;
    this.keepFrom = ++this.drops;
    this.droppedAt.clear();
    this.sessions.clear();
    this.tokensOf.clear();
  }

  private forget(tokenHash: string) {
    const cached = this.sessions.get(tokenHash);
    if (!cached) return;
    this.sessions.delete(tokenHash);
    for (const key of [`s:${cached.row.id}`, `u:${cached.row.user.id}`]) {
      const tokens = this.tokensOf.get(key);
      tokens?.delete(tokenHash);
      if (tokens?.size === 0) this.tokensOf.delete(key);
    }
  }
}

const caches = new WeakMap<Database, SessionCache<never>>();

/** The cache of a database's sessions, when this process keeps one (the API does, the CLI does not). */
export function sessionCacheOf<Row extends { id: string; user: { id: string } }>(db: Database): SessionCache<Row> | undefined {
  return caches.get(db) as SessionCache<Row> | undefined;
}

/** Starts keeping the sessions read from `database`; the returned function stops it. */
export async function cacheSessions(database: DatabaseHandle, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  const cache = new SessionCache<never>();
  caches.set(database.db, cache);
  const stop = await database.listen(SESSION_CHANGES_CHANNEL, {
    message: (payload) => cache.changed(payload),
    ready: () => cache.setListening(true),
    lost: (error) => {
      cache.setListening(false);
      log.warn({ err: error }, 'session changes cannot be heard: every request reads its session until they can');
    },
  });
  return async () => {
    if (caches.get(database.db) === cache) caches.delete(database.db);
    await stop();
  };
}
