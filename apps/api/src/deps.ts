import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { AccountBudgets } from './platform/account-budgets';
import type { GeoLookup } from './platform/geo';
import type { GoogleSignIn } from './platform/google';
import type { Jobs } from './platform/jobs';
import type { LiveMedia } from './platform/live-media';
import type { Mailer } from './platform/mail';
import type { Realtime } from './platform/realtime';
import type { SettingsCache } from './platform/settings-cache';
import type { MediaSigner, Storage } from './platform/storage';
import type { TwitterSignIn } from './platform/twitter';

/** What services are built from. Tests build the same set with real adapters. */
export type Deps = {
  config: Config;
  db: Database;
  settings: SettingsCache;
  mailer: Mailer;
  storage: Storage;
  /** Expiring links to protected media. */
  mediaSigner: MediaSigner;
  geo: GeoLookup;
  realtime: Realtime;
  /** Live broadcasts packaged into HLS by this process, and the files of those packaged elsewhere. */
  live: LiveMedia;
  jobs: Jobs;
  /** Per-account allowances shared by every route of one action (platform/account-budgets.ts). */
  budgets: AccountBudgets;
  google: GoogleSignIn;
  twitter: TwitterSignIn;
  log: FastifyBaseLogger;
};
