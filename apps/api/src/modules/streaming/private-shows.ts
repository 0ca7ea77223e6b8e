import { randomUUID } from 'node:crypto';
import { fromCents, type PrivateRequest, type privateRequestQuerySchema } from '@limelight/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { privateShowRequests } from '../../db/schema/streaming';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { balanceOf, insufficientBalance, walletOf } from '../../platform/ledger';
import { assertMay, assertMayBePaid, isCreator, isSelf } from '../access';
import { sendEmail } from '../emails';
import { openRoomConversation } from '../messages';
import { publicUsersById } from '../users';
import { creatorContact } from './repo/people';
import { answerShowRequest, type EndReason, endShow, insertShowRequest, showById, showRequestsPage } from './repo/private-shows';
import { streamOfCreator } from './repo/streams';

export type RequestRow = typeof privateShowRequests.$inferSelect;

/** The sockets of a show's parties that reported their call connected (decision 025). */
export const privateShowRoom = (showId: string) => `private-show:${showId}`;

/**
 * Private show requests (decision 023). A fan asks a creator at their price a minute (kept on the
 * request); the creator sees it arrive and leave their pending list by `conversationId`, and
 * accepts or declines; the fan may cancel until the show is live. The call itself (WebRTC or
 * Agora, `calls.ts`) and its per-minute billing (`billing.ts`) move an accepted request to live
 * and then ended.
 */
export async function present(deps: Pick<Deps, 'db'>, rows: RequestRow[]): Promise<PrivateRequest[]> {
  const people = await publicUsersById(
    deps.db,
    rows.flatMap((row) => [row.userId, row.performerId]),
  );
  return rows.map((row) => ({
    _id: row.id,
    conversationId: row.conversationId,
    performerId: row.performerId,
    performer: people.get(row.performerId)!,
    userId: row.userId,
    user: people.get(row.userId)!,
    pricePerMinute: fromCents(row.pricePerMinuteCents),
    message: row.message,
    status: row.status,
    endedReason: row.endedReason,
    minutesCharged: row.minutesCharged,
    createdAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  }));
}

/**
 * `POST /streaming/private-requests`: a fan asks for a private show. The creator must take them
 * (a price set), be payable and not refuse the fan; the fan's wallet must hold the first minute.
 */
export async function requestPrivateShow(deps: Deps, fan: SessionUser, input: { performerId: string; message: string }) {
  assertMay(fan, 'privateShow.request', null, () => forbidden('Only fans request private shows'));
  await assertMayBePaid(deps.db, fan, input.performerId);
  const stream = await streamOfCreator(deps.db, input.performerId);
  if (!stream?.privateShowPriceCents) throw conflict('This creator does not take private shows');
  if ((await balanceOf(deps.db, walletOf(fan.id))) < stream.privateShowPriceCents) throw insufficientBalance();
  const row = await deps.db
    .transaction(async (tx) => {
      const id = randomUUID();
      const conversationId = await openRoomConversation(tx, { type: 'private_show', pairKey: `private-show:${id}`, startedBy: fan.id });
      const created = await insertShowRequest(tx, {
        id,
        performerId: input.performerId,
        userId: fan.id,
        conversationId,
        pricePerMinuteCents: stream.privateShowPriceCents,
        message: input.message,
      });
      await mailOfflineCreator(deps, tx, fan, input.performerId);
      return created;
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === 'private_show_requests_one_open_idx') {
        throw conflict('You already have a private show request open with this creator');
      }
      throw error;
    });
  const [view] = await present(deps, [row]);
  deps.realtime.toUser(row.performerId).emit('private/request_added', { request: view! });
  return view!;
}

/** A creator who is offline hears of a request by e-mail (optional: the live category); one online sees it arrive. */
async function mailOfflineCreator(deps: Deps, tx: Queryable, fan: SessionUser, performerId: string) {
  const creator = await creatorContact(tx, performerId);
  if (!creator?.email || creator.isOnline) return;
  await sendEmail(deps, tx, 'live.privateRequest', {
    to: creator.email,
    userId: performerId,
    vars: { name: creator.name || creator.username, fan: fan.name || fan.username, link: `${deps.config.publicUrl}/creator/live` },
  });
}

/** `GET /streaming/private-requests`: a creator's requests to them, a fan's own; newest first. */
export async function listPrivateRequests(deps: Deps, viewer: SessionUser, query: z.output<typeof privateRequestQuerySchema>) {
  const { rows, total } = await showRequestsPage(deps.db, isCreator(viewer) ? 'performer' : 'fan', viewer.id, query);
  return { data: await present(deps, rows), total };
}

/** Which answers each party may give, from which state. */
const transitions = {
  accept: { by: 'performer', from: ['pending'], to: 'accepted' },
  decline: { by: 'performer', from: ['pending', 'accepted'], to: 'declined' },
  cancel: { by: 'user', from: ['pending', 'accepted'], to: 'cancelled' },
} as const;

/**
 * `PUT /streaming/private-requests/{id}`: the creator accepts or declines, the fan cancels. Only
 * its two parties see a request (404 for anyone else); a state it cannot leave that way is a 409.
 * The creator's pending list loses it (`private/request_removed` by conversationId) and both
 * parties hear of the new state.
 */
export async function answerPrivateRequest(deps: Deps, actor: SessionUser, id: string, action: keyof typeof transitions) {
  const found = await showById(deps.db, id);
  const row = assertMay(actor, 'privateShow.takePart', found, () => notFound('Private show request'));
  const rule = transitions[action];
  const party = isSelf(actor, row.performerId) ? 'performer' : 'user';
  if (rule.by !== party) {
    throw forbidden(party === 'performer' ? 'The fan cancels their own request' : 'Only the creator accepts or declines a request');
  }
  if (!(rule.from as readonly string[]).includes(row.status)) throw conflict(`This request is ${row.status}`);
  const updated = await answerShowRequest(deps.db, id, row.status, rule.to);
  if (!updated) throw conflict('This request was answered meanwhile');
  deps.realtime.toUser(row.performerId).emit('private/request_removed', { conversationId: row.conversationId, status: updated.status });
  return announce(deps, updated);
}

/** Tells both parties a request's new state; answers it as they see it. */
export async function announce(deps: Pick<Deps, 'db' | 'realtime'>, row: RequestRow) {
  const [view] = await present(deps, [row]);
  for (const userId of [row.performerId, row.userId]) deps.realtime.toUser(userId).emit('private/request_updated', { request: view! });
  return view!;
}

/** A private show by id; 404 when there is none (who may see it is `assertMayCall`'s). */
export async function findShow(deps: Pick<Deps, 'db'>, id: string) {
  const row = await showById(deps.db, id);
  if (!row) throw notFound('Private show');
  return row;
}

/**
 * Ends an accepted or live show once (a hangup, the empty wallet, a party gone): both parties are
 * told and the room is emptied, so a later disconnect no longer concerns it. A minute being
 * charged holds the row, so the end waits for it and no minute starts after it.
 */
export async function endPrivateShow(deps: Pick<Deps, 'db' | 'realtime'>, id: string, reason: EndReason) {
  const [ended] = await endShow(deps.db, id, reason);
  if (!ended) return undefined;
  return announceEnd(deps, ended);
}

/** After a show ended: its room empties and both parties hear it. */
export function announceEnd(deps: Pick<Deps, 'db' | 'realtime'>, ended: RequestRow) {
  deps.realtime.io.in(privateShowRoom(ended.id)).socketsLeave(privateShowRoom(ended.id));
  return announce(deps, ended);
}
