import type { NotificationKind } from '@limelight/contracts';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { jobKind } from '../../platform/jobs';
import type { FanAudience } from '../access';
import { type EmailDeps, sendEmail } from '../emails';
import { fansAfter, refundPeople } from './repo';
import { notify, notifyMany } from './service';

/**
 * What fans are told of a creator's news (a new post, going live) reaches thousands at once, so
 * it never runs in the request: the request's transaction queues a job, and each run of the job
 * tells one batch of fans (in id order) and queues the next run, keyed by where it starts. If a
 * run is retried after its batch committed, that key is taken already and the run stops there,
 * so nobody is told twice.
 */
const fanNews = z.object({
  performerId: z.string(),
  audience: z.enum(['subscribers', 'followers', 'all'] satisfies FanAudience[]),
  kind: z.enum(['new_post', 'live_started'] satisfies NotificationKind[]),
  text: z.string(),
  link: z.string(),
  /** What the news is about (a post's id, a live session's): one fan-out per source. */
  sourceId: z.string(),
});
export type FanNews = z.output<typeof fanNews>;
/** Each run tells the fans after `after` (in id order), null at first. */
const FAN_OUT_JOB = jobKind('notifications.fan-out', fanNews.extend({ after: z.string().nullable() }));
const BATCH = 500;

/** Queues telling a creator's fans, in the caller's transaction; `runAt` for news that is not out yet (a scheduled post). */
export async function tellFans(deps: Pick<Deps, 'jobs'>, tx: Queryable, news: FanNews, runAt?: Date) {
  await deps.jobs.enqueue(tx, FAN_OUT_JOB, { ...news, after: null }, { key: `fan-out:${news.kind}:${news.sourceId}`, runAt });
}

export function registerFanOut(deps: Deps) {
  deps.jobs.register(FAN_OUT_JOB, async ({ after, ...news }) => {
    await deps.db.transaction(async (tx) => {
      const batch = await fansAfter(tx, news.performerId, news.audience, after, BATCH);
      if (!batch.length) return;
      const last = batch.at(-1)!.id;
      const next = { key: `fan-out:${news.kind}:${news.sourceId}:${last}` };
      if (!(await deps.jobs.enqueue(tx, FAN_OUT_JOB, { ...news, after: last }, next))) return;
      await notifyMany(deps, tx, {
        kind: news.kind,
        actorId: news.performerId,
        text: news.text,
        link: news.link,
        userIds: batch.map((row) => row.id),
      });
    });
  });
}

export type RefundNotice = {
  /** Who gets the money back. */
  fanId: string;
  /** Whose sale it was, if anyone's (a top-up is nobody's sale). */
  performerId: string | null;
  /** The amount as the fan paid it: "12.00 tokens", or money ("$12.00") for a card. */
  amount: string;
  /** What was refunded, in a few words: "a post", "your order L-000012". */
  item: string;
  /** The fan was already e-mailed about it (a card refund's own e-mail): no second one. */
  fanMailed?: boolean;
};

/**
 * A refund, told to the fan and to the creator whose sale it was (domain rules: fan and creator
 * are told of every refund), in the refund's own transaction. Every refund path calls this.
 */
export async function notifyRefund(deps: EmailDeps, tx: Queryable, refund: RefundNotice) {
  await notify(deps, tx, {
    userId: refund.fanId,
    kind: 'refund',
    text: `You were refunded ${refund.amount} for ${refund.item}`,
    link: '/user/wallet',
  });
  const people = await refundPeople(tx, refund.performerId ? [refund.fanId, refund.performerId] : [refund.fanId]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const fan = byId.get(refund.fanId);
  // Refunds are essential e-mails (domain rules: fan and creator are told of every refund).
  if (fan?.email && !refund.fanMailed) {
    await sendEmail(deps, tx, 'refund.fan', {
      to: fan.email,
      vars: { name: fan.name || fan.username, amount: refund.amount, item: refund.item, link: `${deps.config.publicUrl}/user/wallet` },
    });
  }
  if (refund.performerId) {
    const item = refund.item.replace(/^your /, 'an ');
    await notify(deps, tx, {
      userId: refund.performerId,
      kind: 'refund',
      actorId: refund.fanId,
      text: `A sale was refunded: ${refund.amount} for ${item}`,
      link: '/creator/earnings',
    });
    const creator = byId.get(refund.performerId);
    if (creator?.email) {
      await sendEmail(deps, tx, 'refund.creator', {
        to: creator.email,
        vars: { name: creator.name || creator.username, amount: refund.amount, item, link: `${deps.config.publicUrl}/creator/earnings` },
      });
    }
  }
}
