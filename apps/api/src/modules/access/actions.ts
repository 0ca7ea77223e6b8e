import type { Role } from '@limelight/contracts';
import type { AppError } from '../../platform/errors';
import { isPrivileged } from './creators';

/**
 * One vocabulary for "who may" (decision 043): every decision about whether this viewer may do
 * this to that is an action named here, asked through `may` or `assertMay`. Role and owner
 * comparisons live in this module only; `npm run lint` refuses them elsewhere.
 */

/** Whoever asks: a signed-in account (a socket event knows only its id, which is never an admin's rights). */
export type Viewer = { id: string; role?: Role | string } | undefined | null;

export const isAdmin = (viewer: Viewer) => viewer?.role === 'admin';
export const isCreator = (viewer: Viewer) => viewer?.role === 'performer';
export const isFan = (viewer: Viewer) => viewer?.role === 'user';
/** Whether this account is the one named by `id` (its own row, its own message). */
export const isSelf = (viewer: Viewer, id: string | null | undefined) => !!viewer && viewer.id === id;

type Owned = { performerId: string };

/** Each action and what it is decided on. */
type Subjects = {
  /** Use the admin's tools (every `/admin` route): admins only. */
  'admin.use': null;
  /** Use a creator's tools (their content, earnings, payouts, stream): creators only. */
  'creator.use': null;
  /** Use a fan's own tools (their orders, address book, digital purchases): fans only. */
  'fan.use': null;
  /** Keep a block list (users and countries): fans and creators; admins are never blocked and block no one. */
  'blockList.use': null;
  /** Work a shop's orders (list them, move a delivery on): creators (their own) and admins. */
  'orders.manage': null;
  /** Change, end, set the slow mode of or clear the chat of a live session: its creator or an admin. */
  'live.manage': Owned;
  /** Broadcast a live session (heartbeat, browser or Agora publisher): its creator only. */
  'live.broadcast': Owned;
  /** Write in a live chat without its slow mode: its creator or an admin. */
  'live.skipSlowMode': Owned;
  /** Remove a line of a live chat: its sender, the session's creator or an admin. */
  'live.removeLine': Owned & { senderId: string };
  /** Ask a creator for a private show: fans only. */
  'privateShow.request': null;
  /** See, answer or hang up a private show: its fan and its creator only. */
  'privateShow.takePart': Owned & { userId: string };
  /** See an order: its buyer, its seller or an admin. */
  'order.view': Owned & { buyerId: string };
  /** Move an order's delivery on, and see its commission and net: its seller or an admin. */
  'order.update': Owned;
  /** Change where an order goes: its buyer only. */
  'order.changeAddress': { buyerId: string };
  /** Ask whether a user bought a product: that user, the product's seller or an admin. */
  'order.checkPurchase': Owned & { userId: string };
  /** Put a price on a message: creators only. */
  'message.setPrice': null;
  /** Delete a message: its sender only. */
  'message.delete': { senderId: string };
  /** Buy a message: anyone in the conversation but its sender. */
  'message.buy': { senderId: string };
  /** Edit a comment: its author only. */
  'comment.edit': { userId: string };
  /** Make a story of an uploaded file: its owner only. */
  'story.useFile': { ownerId: string | null };
  /** Pay from a wallet (tips, items, products, messages): fans only. */
  'wallet.pay': null;
  /** Pay this creator: anyone but the creator themself. */
  'creator.pay': Owned;
  /** Follow this creator: anyone but the creator themself. */
  'creator.follow': Owned;
  /** Top up a wallet: fans only (a creator's balance is their earnings). */
  'wallet.topUp': null;
  /** Subscribe to a creator: fans only. */
  'subscription.create': null;
  /** See a payout request: creators (their own) and admins, never fans. */
  'payout.view': null;
  /** Block this account: never oneself, never an admin; a fan blocks creators only. */
  'account.block': { id: string; role: string };
  /** See this account's public page: anyone, except that admins have none. */
  'account.view': { role: string };
  /** Sign in before verifying the e-mail address (when the site requires it): admins only. */
  'signIn.unverified': null;
  /** See a content item's view count without counting a view: its creator. */
  'content.ownViews': Owned;
  /** Use the site without a second factor (decision 048): everyone but admins, who must enrol one first. */
  'signIn.withoutSecondFactor': null;
  /** Appeal a moderation hold on a piece of content: its owner only (decision 046). */
  'content.appeal': { ownerId: string | null };
  /** Edit an account's profile, role, commission or wallet from the console: admins, never on an admin's account. */
  'account.adminEdit': { role: string };
  /** Log in as an account from the console: admins, never as another admin. */
  'account.impersonate': { role: string };
};

export type Action = keyof Subjects;
export type Subject<A extends Action> = Subjects[A];

const policies: { [A in Action]: (viewer: Viewer, subject: Subjects[A]) => boolean } = {
  'admin.use': (viewer) => isAdmin(viewer),
  'creator.use': (viewer) => isCreator(viewer),
  'fan.use': (viewer) => isFan(viewer),
  'blockList.use': (viewer) => isFan(viewer) || isCreator(viewer),
  'orders.manage': (viewer) => isCreator(viewer) || isAdmin(viewer),
  'live.manage': (viewer, session) => isPrivileged(viewer, session.performerId),
  'live.broadcast': (viewer, session) => isSelf(viewer, session.performerId),
  'live.skipSlowMode': (viewer, session) => isPrivileged(viewer, session.performerId),
  'live.removeLine': (viewer, line) => isSelf(viewer, line.senderId) || isPrivileged(viewer, line.performerId),
  'privateShow.request': (viewer) => isFan(viewer),
  'privateShow.takePart': (viewer, show) => isSelf(viewer, show.userId) || isSelf(viewer, show.performerId),
  'order.view': (viewer, order) => isSelf(viewer, order.buyerId) || isPrivileged(viewer, order.performerId),
  'order.update': (viewer, order) => isPrivileged(viewer, order.performerId),
  'order.changeAddress': (viewer, order) => isSelf(viewer, order.buyerId),
  'order.checkPurchase': (viewer, query) => isSelf(viewer, query.userId) || isPrivileged(viewer, query.performerId),
  'message.setPrice': (viewer) => isCreator(viewer),
  'message.delete': (viewer, message) => isSelf(viewer, message.senderId),
  'message.buy': (viewer, message) => !!viewer && !isSelf(viewer, message.senderId),
  'comment.edit': (viewer, comment) => isSelf(viewer, comment.userId),
  'story.useFile': (viewer, file) => isSelf(viewer, file.ownerId),
  'wallet.pay': (viewer) => isFan(viewer),
  'creator.pay': (viewer, target) => !!viewer && !isSelf(viewer, target.performerId),
  'creator.follow': (viewer, creator) => !!viewer && !isSelf(viewer, creator.performerId),
  'wallet.topUp': (viewer) => isFan(viewer),
  'subscription.create': (viewer) => isFan(viewer),
  'payout.view': (viewer) => !!viewer && !isFan(viewer),
  'account.block': (viewer, target) => !!viewer && !isSelf(viewer, target.id) && !isAdmin(target) && (!isFan(viewer) || isCreator(target)),
  'account.view': (_viewer, account) => account.role !== 'admin',
  'signIn.unverified': (viewer) => isAdmin(viewer),
  'content.ownViews': (viewer, item) => isSelf(viewer, item.performerId),
  'signIn.withoutSecondFactor': (viewer) => !isAdmin(viewer),
  'content.appeal': (viewer, hold) => isSelf(viewer, hold.ownerId),
  'account.adminEdit': (viewer, account) => isAdmin(viewer) && account.role !== 'admin',
  'account.impersonate': (viewer, account) => isAdmin(viewer) && account.role !== 'admin',
};

/** Whether `viewer` may do `action` to `subject`. */
export function may<A extends Action>(viewer: Viewer, action: A, subject: Subjects[A]): boolean {
  return policies[action](viewer, subject);
}

/**
 * Whether `viewer` may do `action` to each of `subjects`, in their order: one call for a list
 * (a page of orders, each shown with or without its seller's figures) instead of a `may` per row.
 */
export function mayEach<A extends Action>(viewer: Viewer, action: A, subjects: readonly Subjects[A][]): boolean[] {
  const policy = policies[action];
  return subjects.map((subject) => policy(viewer, subject));
}

/**
 * Answers `subject` when `viewer` may do `action` to it, and otherwise throws `refusal()` (the
 * call site's status and message, a 404 where a stranger must not learn the thing exists). A
 * missing subject is refused the same way.
 */
export function assertMay<A extends Action, T extends Subjects[A]>(
  viewer: Viewer,
  action: A,
  subject: T | undefined,
  refusal: () => AppError,
): T {
  if (subject === undefined || !may(viewer, action, subject)) throw refusal();
  return subject;
}
