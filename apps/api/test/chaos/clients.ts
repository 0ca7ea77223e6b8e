import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { conversations, jobs, privateShowRequests, subscriptions } from '../../src/db/schema';
import type { TestApp } from '../app';
import type { startFakeStripe } from '../fakes/stripe';
import { type Creator, type Fan, ITEM_PRICE, TIP } from './site';

/** How long one operation keeps retrying through crashes and the database's restart before it counts as unresolved. */
const RETRY_FOR_MS = 180_000;
const REQUEST_TIMEOUT_MS = 20_000;
/** A private show starts this many minutes in the past: its minutes fall due at once, one job after another. */
export const SHOW_MINUTES = 4;

/** The fields of the answers the clients read (each answer has the ones of its route). */
type Body = {
  _id: string;
  status: string;
  code?: string;
  duplicate?: boolean;
  charge: { _id: string };
  purchase: { chargeId: string | null } | null;
  subscription: { _id: string };
};
type Answer = { status: number; body: Body; attempts: number };

/** What the clients saw: every figure the run prints, and every acknowledged operation the checks look for. */
export function newTally() {
  return {
    attempted: 0,
    acknowledged: 0,
    /** Answered 4xx for good (a wallet short, an item already bought, stock sold out, one payout pending): nothing moved. */
    refused: new Map<string, number>(),
    /** Operations that needed more than one attempt, and the extra attempts in all. */
    retriedOps: 0,
    retries: 0,
    serverErrors: new Map<number, number>(),
    /** Bodies of 500 answers (a 503 is the promised answer while the database is away; a 500 is a bug). */
    internalErrors: [] as string[],
    networkErrors: 0,
    /** Card payments answered `processing` and asked again (their charge call died with a killed process). */
    stillProcessing: 0,
    unresolved: [] as string[],
    acked: {
      charges: [] as Array<{ kind: string; fanId: string; chargeId: string }>,
      /** Card payments: top-ups (through a webhook or answered at once) and card tips (with the charge they paid). */
      topUps: [] as Array<{ fanId: string; paymentId: string; viaWebhook: boolean; chargeId?: string }>,
      duplicateWebhooks: 0,
      subscriptions: [] as Array<{ fanId: string; subscriptionId: string }>,
      renewals: [] as string[],
      refunds: [] as string[],
      payouts: [] as Array<{ performerId: string; payoutId: string; review?: 'paid' | 'rejected' }>,
      shows: [] as Array<{ showId: string; fanId: string }>,
    },
  };
}
export type Tally = ReturnType<typeof newTally>;

export type Run = {
  app: TestApp;
  stripe: Awaited<ReturnType<typeof startFakeStripe>>;
  /** The API processes' origins: a request goes to any of them, as through a load balancer. */
  origins: string[];
  admin: { headers: Record<string, string> };
  creators: Creator[];
  tally: Tally;
};

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One request as a careful client sends it: to any API process, re-sent (with the same
 * Idempotency-Key, in the same headers) after a network error or a 5xx until it gets an answer
 * below 500. Answers with status 0 when it never got one.
 */
async function send(run: Run, method: string, path: string, headers: Record<string, string>, body: unknown, raw?: string): Promise<Answer> {
  const { tally } = run;
  const deadline = Date.now() + RETRY_FOR_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(`${pick(run.origins)}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: raw ?? JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      if (response.status < 500) {
        if (attempt > 1) {
          tally.retriedOps += 1;
          tally.retries += attempt - 1;
        }
        return { status: response.status, body: (text ? JSON.parse(text) : {}) as Body, attempts: attempt };
      }
      tally.serverErrors.set(response.status, (tally.serverErrors.get(response.status) ?? 0) + 1);
      if (response.status === 500) tally.internalErrors.push(`${method} ${path}: ${text}`);
    } catch {
      tally.networkErrors += 1;
    }
    if (Date.now() > deadline) return { status: 0, body: {} as Body, attempts: attempt };
    await sleep(100 + Math.random() * 400);
  }
}

/** The database as a test's own setup step uses it, retried while the database restarts. */
async function retried<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(250);
    }
  }
}

const keyed = (headers: Record<string, string>) => ({ ...headers, [IDEMPOTENCY_HEADER]: randomUUID() });

/**
 * A card payment; while it answers `processing` (a process died with the gateway call out), the
 * fan asks for it again as the app offers (`POST /payment/retry/{id}`), which sends it once that
 * call is surely abandoned, with the same gateway key.
 */
async function cardPayment(run: Run, fan: Fan, path: string, body: unknown): Promise<Answer> {
  const deadline = Date.now() + RETRY_FOR_MS;
  const answer = await send(run, 'POST', path, keyed(fan.headers), body);
  while (answer.status === 200 && answer.body.status === 'processing' && Date.now() < deadline) {
    run.tally.stillProcessing += 1;
    await sleep(5_000);
    // 409 while the call may still be out, or once another request has settled it: the payment says which.
    await send(run, 'POST', `/api/payment/retry/${answer.body._id}`, fan.headers, {});
    const now = await send(run, 'GET', `/api/payment/transactions/${answer.body._id}`, fan.headers, undefined);
    if (now.status === 200) answer.body = now.body;
  }
  return answer;
}

/** Records what an answer means: acknowledged (2xx, `then` notes what it made), refused for good, or never answered. */
function settle(run: Run, kind: string, answer: Answer, then: (body: Body) => void) {
  if (answer.status >= 200 && answer.status < 300) {
    run.tally.acknowledged += 1;
    then(answer.body);
  } else if (answer.status === 0) run.tally.unresolved.push(kind);
  else {
    const reason = `${kind} ${answer.status} ${answer.body.code ?? ''}`.trim();
    run.tally.refused.set(reason, (run.tally.refused.get(reason) ?? 0) + 1);
  }
}

type Operation = (run: Run, fan: Fan) => Promise<void>;

const walletCharge =
  (kind: 'tip' | 'feed' | 'video' | 'gallery' | 'message' | 'product' | 'stream'): Operation =>
  async (run, fan) => {
    const creator = pick(run.creators);
    const target: Record<typeof kind, () => { id: string; body: Record<string, unknown> }> = {
      tip: () => ({ id: creator.user.id, body: { price: TIP } }),
      feed: () => ({ id: pick(creator.items.feed), body: { price: ITEM_PRICE } }),
      video: () => ({ id: pick(creator.items.video), body: { price: ITEM_PRICE } }),
      gallery: () => ({ id: pick(creator.items.gallery), body: { price: ITEM_PRICE } }),
      message: () => ({ id: pick(fan.messagesFrom.get(creator.user.id)!), body: {} }),
      product: () => ({ id: pick(creator.items.product), body: { quantity: 1, addressId: fan.addressId, phone: '+44 20 7946 0000' } }),
      stream: () => ({ id: creator.sessionId, body: {} }),
    };
    const { id, body } = target[kind]();
    const answer = await send(run, 'POST', `/api/wallet/charges/${kind}/${id}`, keyed(fan.headers), body);
    settle(run, kind, answer, (paid) => run.tally.acked.charges.push({ kind, fanId: fan.user.id, chargeId: paid.charge._id }));
  };

/** A tip paid with the saved Visa through Stripe: the card payment, then the wallet charge it pays for. */
const cardTip: Operation = async (run, fan) => {
  const creator = pick(run.creators);
  const answer = await cardPayment(run, fan, `/api/payment/charges/tip/${creator.user.id}`, {
    price: TIP,
    cardId: fan.visaCardId,
  });
  settle(run, 'card tip', answer, (payment) => {
    if (payment.status !== 'success' || !payment.purchase?.chargeId) throw new Error(`a card tip answered ${JSON.stringify(payment)}`);
    run.tally.acked.charges.push({ kind: 'tip', fanId: fan.user.id, chargeId: payment.purchase.chargeId });
    run.tally.acked.topUps.push({ fanId: fan.user.id, paymentId: payment._id, viaWebhook: false, chargeId: payment.purchase.chargeId });
  });
};

const topUp: Operation = async (run, fan) => {
  const answer = await cardPayment(run, fan, '/api/payment/wallet/top-up', { amount: 20, cardId: fan.visaCardId });
  settle(run, 'top-up', answer, (payment) => {
    if (payment.status !== 'success') throw new Error(`a top-up with a card that pays answered ${JSON.stringify(payment)}`);
    run.tally.acked.topUps.push({ fanId: fan.user.id, paymentId: payment._id, viaWebhook: false });
  });
};

/**
 * A top-up with a card that asks for 3-D Secure: the answer leaves it waiting; the fan passes the
 * bank's check, and Stripe's signed `payment_intent.succeeded` (delivered to any API process,
 * re-delivered until one answers 2xx, then once more as Stripe sometimes does) completes it.
 */
const topUpThroughWebhook: Operation = async (run, fan) => {
  const started = await cardPayment(run, fan, '/api/payment/wallet/top-up', { amount: 20, cardId: fan.threeDsCardId });
  if (started.status !== 200) return settle(run, 'top-up (3-D Secure)', started, () => undefined);
  const paymentId = started.body._id as string;
  const intent = [...run.stripe.intents.values()].find((candidate) => candidate.metadata.paymentId === paymentId);
  if (!intent) throw new Error(`no payment intent for the top-up ${paymentId}`);
  const { payload, signature } = run.stripe.event('payment_intent.succeeded', intent.id, 'succeeded');
  const deliver = () => send(run, 'POST', '/api/payment/stripe/webhook', { 'stripe-signature': signature }, null, payload);
  const delivered = await deliver();
  settle(run, 'webhook', delivered, () => run.tally.acked.topUps.push({ fanId: fan.user.id, paymentId, viaWebhook: true }));
  if (delivered.status === 200 && (await deliver()).body.duplicate === true) run.tally.acked.duplicateWebhooks += 1;
};

const subscribe: Operation = async (run, fan) => {
  const creator = pick(run.creators);
  const answer = await send(run, 'POST', '/api/payment/subscribe/performers', keyed(fan.headers), {
    performerId: creator.user.id,
    type: 'monthly',
    paymentMethod: 'wallet',
  });
  settle(run, 'subscribe', answer, (result) =>
    run.tally.acked.subscriptions.push({ fanId: fan.user.id, subscriptionId: result.subscription._id }),
  );
};

/**
 * A renewal falls due: one of the fan's subscriptions has its period end moved into the past (test
 * setup in SQL); the renewal check queues its job and the worker renews it, once.
 */
const renewal: Operation = async (run, fan) => {
  const { acked } = run.tally;
  const candidate = acked.subscriptions.find((one) => one.fanId === fan.user.id && !acked.renewals.includes(one.subscriptionId));
  if (!candidate) return;
  acked.renewals.push(candidate.subscriptionId);
  // A time as the app writes it (to the millisecond): the renewal job finds its period by this end.
  const dueNow = new Date(Date.now() - 1_000);
  await retried(() =>
    run.app.deps.db
      .update(subscriptions)
      .set({ expiredAt: dueNow, nextRenewalAt: dueNow })
      .where(eq(subscriptions.id, candidate.subscriptionId)),
  );
  run.tally.acknowledged += 1;
};

/** The admin gives back one of the fan's charges; a retry after a lost answer finds it refunded already (409). */
const refund: Operation = async (run, fan) => {
  const { acked } = run.tally;
  const refundable = acked.charges.filter((charge) => charge.fanId === fan.user.id && !acked.refunds.includes(charge.chargeId));
  if (!refundable.length) return;
  const { chargeId } = pick(refundable);
  const answer = await send(run, 'POST', `/api/admin/wallet/charges/${chargeId}/refund`, run.admin.headers, {});
  const appliedByALostAttempt = answer.status === 409 && answer.attempts > 1;
  settle(run, 'refund', appliedByALostAttempt ? { ...answer, status: 200 } : answer, () => acked.refunds.push(chargeId));
};

/** A creator asks for a payout (held from their earnings), and the admin pays or rejects it. */
const payout: Operation = async (run) => {
  const creator = pick(run.creators);
  const asked = await send(run, 'POST', '/api/payout-requests', keyed(creator.headers), { amount: 5 });
  settle(run, 'payout', asked, (request) => {
    run.tally.acked.payouts.push({ performerId: creator.user.id, payoutId: request._id });
  });
  if (asked.status !== 200) return;
  const review = pick(['paid', 'rejected'] as const);
  const reviewed = await send(run, 'PUT', `/api/admin/payout-requests/${asked.body._id}/status`, run.admin.headers, { status: review });
  const appliedByALostAttempt = reviewed.status === 409 && reviewed.attempts > 1;
  settle(run, 'payout review', appliedByALostAttempt ? { ...reviewed, status: 200 } : reviewed, () => {
    run.tally.acked.payouts.find((one) => one.payoutId === asked.body._id)!.review = review;
  });
};

/**
 * A private show goes live (test setup in SQL: accepted and joined long enough ago that its first
 * minutes are due at once) with its first minute queued as the show's start queues it; the
 * worker charges each minute and queues the next.
 */
const privateShow: Operation = async (run, fan) => {
  const taken = new Set(run.tally.acked.shows.filter((show) => show.fanId === fan.user.id).map((show) => show.showId));
  if (taken.size >= 1) return;
  const creator = pick(run.creators);
  const showId = randomUUID();
  await retried(() =>
    run.app.deps.db.transaction(async (tx) => {
      const [conversation] = await tx
        .insert(conversations)
        .values({ type: 'private_show', pairKey: `private-show:${showId}` })
        .onConflictDoNothing()
        .returning();
      if (!conversation) return;
      const startedAt = new Date(Date.now() - (SHOW_MINUTES - 1) * 60_000);
      await tx.insert(privateShowRequests).values({
        id: showId,
        performerId: creator.user.id,
        userId: fan.user.id,
        conversationId: conversation.id,
        pricePerMinuteCents: 100,
        status: 'live',
        respondedAt: startedAt,
        startedAt,
      });
      // The job's row as the show's start writes it (its kind is the streaming module's own).
      await tx.insert(jobs).values({
        name: 'private-show.minute',
        payload: { showId, minute: 1 },
        key: `private-show:${showId}:minute:1`,
        runAt: startedAt,
        maxAttempts: 5,
      });
    }),
  );
  run.tally.acked.shows.push({ showId, fanId: fan.user.id });
  run.tally.acknowledged += 1;
};

/** The mix, by weight: mostly tips and purchases, as on the site, and every other way money moves. */
const MIX: Array<[Operation, number]> = [
  [walletCharge('tip'), 20],
  [walletCharge('feed'), 7],
  [walletCharge('video'), 7],
  [walletCharge('gallery'), 7],
  [walletCharge('message'), 7],
  [walletCharge('product'), 5],
  [walletCharge('stream'), 2],
  [cardTip, 4],
  [topUp, 7],
  [topUpThroughWebhook, 5],
  [subscribe, 6],
  [renewal, 4],
  [refund, 6],
  [payout, 3],
  [privateShow, 1],
];
const totalWeight = MIX.reduce((sum, [, weight]) => sum + weight, 0);

function anOperation(): Operation {
  let roll = Math.random() * totalWeight;
  for (const [operation, weight] of MIX) {
    roll -= weight;
    if (roll < 0) return operation;
  }
  return MIX[0]![0];
}

/** One client per fan, each doing one operation after another while `more()` says so. */
export async function runClients(run: Run, fans: Fan[], more: () => boolean) {
  await Promise.all(
    fans.map(async (fan) => {
      while (more()) {
        run.tally.attempted += 1;
        await anOperation()(run, fan);
      }
    }),
  );
}
