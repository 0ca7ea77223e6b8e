import type { WalletChargeInput } from '@limelight/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database, Queryable, Transaction } from './db/client';
import type { walletCharges } from './db/read/money';
import type { paymentTransactions } from './db/read/payments';
import type { AccountBudgets } from './platform/account-budgets';
import type { SessionUser } from './platform/auth';
import type { Counter } from './platform/counters';
import type { GeoLookup } from './platform/geo';
import type { GoogleSignIn } from './platform/google';
import type { Intent } from './platform/idempotency';
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
  /** Everything sold on the site, as the wallet, refunds, card payments, comments, reactions and reports ask for it (decision 076). */
  sellables: Sellables;
  google: GoogleSignIn;
  twitter: TwitterSignIn;
  log: FastifyBaseLogger;
};

type ChargeRow = typeof walletCharges.$inferSelect;
type PaymentRow = typeof paymentTransactions.$inferSelect;

/** What a fan is about to pay for, found and checked by its seller. */
export type Sale = {
  performerId: string;
  priceCents: number;
  itemId: string | null;
  /** Bought once and unlocked for good (items); a physical product may be bought again. */
  once: boolean;
  /** In the payment's transaction: before the money moves (stock), and with the charge once paid (the order, a tip's line). */
  before?(tx: Transaction): Promise<void>;
  after?(tx: Transaction, charge: ChargeRow): Promise<void>;
  /** What the creator is told, when "bought your <noun>" says too little (an order to send, a tip). */
  notice?: { kind?: 'tip'; text: string; link?: string };
  /** The charge's type when the route's says too little: a tip sent in a live chat is a `stream_tip`. */
  chargeType?: string;
  /** After the commit, when this request moved the money (a tip's line reaches the live room). */
  announce?(): void;
};

/** A piece of content as moderation sees it: whose it is, its words, its files. */
export type ModerationTarget = {
  ownerId: string | null;
  title: string;
  text: string;
  fileIds: string[];
  library?: 'feeds' | 'videos' | 'galleries' | 'products';
};

/** A commentable item as a viewer finds it: `isKept` when its creator deleted it after a sale (its buyers still read). */
export type CommentedItem = { ownerId: string; canView: boolean; isKept: boolean };

/** The amounts whose balances a card payment's ledger side changed. */
export type CardSettlement = { userId: string; balance: number };

/**
 * The port every thing sold on the site exports (decision 076; built with `platform/selling.ts`), and `app.ts` hands to the wallet,
 * refunds, card payments, comments, reactions and reports: they ask it, never the seller's module.
 * A new thing to sell is one more `Sellable` in its own module and one line in `app.ts`.
 */
export type Sellable = {
  /** Its charge type (`wallet_charges.type`, `earnings.source_type`), and the `{type}` of `POST /wallet/charges/{type}/{id}`. */
  type: string;
  /** How the creator's notice names it ("bought your post"), and a refund's ("refunded a post"). */
  noun: string;
  refundedAs: string;
  /** Finds the item for the fan and prices it; absent when it is not sold through the wallet's charge route (a subscription). */
  sell?(deps: Deps, fan: SessionUser, id: string, input: WalletChargeInput): Promise<Sale>;
  /** The intent of a purchase sent without an Idempotency-Key, when retries must still pay once (a live session). */
  intent?(db: Queryable, fanId: string, id: string): Promise<Intent>;
  /** Fields of the charge's input only it takes, and what the refusal of them elsewhere names ("only for products"). */
  ownFields?: { fields: Array<keyof WalletChargeInput>; for: string };
  /** Inside a wallet charge's refund: before the money moves (locks in the seller's order) and after (what it bought taken back). */
  refund?: { before?(tx: Transaction, chargeId: string): Promise<void>; after?(tx: Transaction, charge: ChargeRow): Promise<void> };
  /** Inside a card payment's transaction, for what is sold by card without a wallet charge (a subscription period). */
  card?: {
    paid(deps: Deps, tx: Transaction, payment: PaymentRow): Promise<CardSettlement>;
    refunded(tx: Transaction, payment: PaymentRow, refundId: string): Promise<CardSettlement>;
  };
  /** Resolves when the viewer may reach it (404 or 403 otherwise), with its creator: reactions and reports ask it. */
  reach?(deps: Deps, viewer: SessionUser, id: string): Promise<{ performerId: string }>;
  /** Its like counter, when it keeps one. */
  countLikes?: Counter;
  /** Comments on it: found as its page finds it, and its comment counter. */
  comments?: {
    find(deps: Deps, viewer: SessionUser | undefined, id: string): Promise<CommentedItem>;
    /** Whose it is, whatever its state (who may delete a comment on it). */
    owner(db: Queryable, id: string): Promise<string | undefined>;
    count: Counter;
    /** The web page it is on (`/post/{id}`), where a notification about its comments leads. */
    page: string;
  };
  /** What moderation reads of it, when it is reported by its charge type. */
  moderation?(db: Queryable, id: string): Promise<ModerationTarget | undefined>;
};

/** The site's sellables by type, and the lists the routes' schemas are built from. */
export type Sellables = {
  get(type: string): Sellable | undefined;
  /** The one with this type, which a caller knows is registered (a type read back from a charge). */
  of(type: string): Sellable;
  /** Every charge type, in registration order. */
  types: [string, ...string[]];
  /** Those sold through `POST /wallet/charges/{type}/{id}`. */
  sold: [string, ...string[]];
  /** Those fans comment on. */
  commentable: [string, ...string[]];
  /** Those reported by their charge type. */
  reportable: string[];
};
