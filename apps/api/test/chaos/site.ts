import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  conversationMembers,
  conversations,
  feeds,
  galleries,
  messages,
  performerProfiles,
  products,
  streamSessions,
  streams,
  videos,
} from '../../src/db/schema';
import type { TestApp } from '../app';
import { fundWallet, HOME_ADDRESS, saveBankDetails, setSetting, signedIn, verifiedPerformer } from '../factories';

type Account = Awaited<ReturnType<typeof signedIn>>;

/** What every item for sale costs, in tokens; a tip is the site's minimum. */
export const ITEM_PRICE = 3;
export const TIP = 10;
/** Each fan's wallet at the start, enough for every operation the run gives them. */
const STARTING_TOKENS = 3000;
const ITEMS_PER_KIND = 120;
const PAID_MESSAGES_PER_PAIR = 8;
/** A physical product's stock, small enough that fans race for the last ones. */
export const PRODUCT_STOCK = 25;
const PRODUCTS_PER_CREATOR = 4;

export type Creator = Account & {
  items: { feed: string[]; video: string[]; gallery: string[]; product: string[] };
  /** The creator's paid live session, on air for the whole run. */
  sessionId: string;
};
export type Fan = Account & {
  visaCardId: string;
  /** A card that asks for 3-D Secure: its top-ups complete only when Stripe's signed webhook says so. */
  threeDsCardId: string;
  addressId: string;
  /** Per creator: the messages for sale in the fan's conversation with them. */
  messagesFrom: Map<string, string[]>;
};

/**
 * The site the clients spend money on, written through the API where that is quick and straight
 * into the database where only volume matters (items for sale, paid messages): creators with
 * posts, videos, galleries, physical products, a paid live session and a monthly price; fans with
 * a funded wallet, two saved Stripe cards and an address; one admin.
 */
export async function chaosSite(app: TestApp, counts: { creators: number; fans: number }) {
  const admin = await signedIn(app, 'admin');
  await setSetting(app, 'minimumPayoutAmount', 1);
  await setSetting(app, 'enableLiveStreaming', true);
  const creators: Creator[] = [];
  for (let n = 0; n < counts.creators; n++) creators.push(await creatorWithShop(app));
  const fans: Fan[] = [];
  for (let n = 0; n < counts.fans; n++) fans.push(await fanWithCards(app, creators));
  return { admin, creators, fans };
}

async function creatorWithShop(app: TestApp): Promise<Creator> {
  const creator = await verifiedPerformer(app);
  const performerId = creator.user.id;
  const { db } = app.deps;
  await db.update(performerProfiles).set({ monthlyPriceCents: 500 }).where(eq(performerProfiles.userId, performerId));
  await saveBankDetails(app, creator);
  const sale = { performerId, isSale: true, priceCents: ITEM_PRICE * 100 };
  const numbered = Array.from({ length: ITEMS_PER_KIND }, (_, n) => n);
  const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
  const feed = ids(
    await db
      .insert(feeds)
      .values(numbered.map((n) => ({ ...sale, type: 'text' as const, text: `Post ${n}` })))
      .returning({ id: feeds.id }),
  );
  const video = ids(
    await db
      .insert(videos)
      .values(numbered.map((n) => ({ ...sale, title: `Video ${n}` })))
      .returning({ id: videos.id }),
  );
  const gallery = ids(
    await db
      .insert(galleries)
      .values(numbered.map((n) => ({ ...sale, title: `Gallery ${n}` })))
      .returning({ id: galleries.id }),
  );
  const product = ids(
    await db
      .insert(products)
      .values(
        Array.from({ length: PRODUCTS_PER_CREATOR }, (_, n) => ({
          ...sale,
          title: `Poster ${n}`,
          type: 'physical' as const,
          stock: PRODUCT_STOCK,
        })),
      )
      .returning({ id: products.id }),
  );
  const [stream] = await db.insert(streams).values({ performerId }).returning();
  const [chat] = await db
    .insert(conversations)
    .values({ type: 'stream', pairKey: `stream:${crypto.randomUUID()}` })
    .returning();
  const [session] = await db
    .insert(streamSessions)
    .values({ streamId: stream!.id, performerId, conversationId: chat!.id, access: 'paid', priceCents: 200 })
    .returning();
  return { ...creator, items: { feed, video, gallery, product }, sessionId: session!.id };
}

async function fanWithCards(app: TestApp, creators: Creator[]): Promise<Fan> {
  const fan = await signedIn(app, 'user');
  await fundWallet(app, fan.user.id, STARTING_TOKENS);
  const card = async (paymentMethodId: string) => {
    const saved = await app.inject({ method: 'POST', url: '/api/stripe/cards', headers: fan.headers, payload: { paymentMethodId } });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json()._id as string;
  };
  const visaCardId = await card('pm_card_visa');
  const threeDsCardId = await card('pm_card_threeDSecure2Required');
  const address = await app.inject({ method: 'POST', url: '/api/addresses/create', headers: fan.headers, payload: HOME_ADDRESS });
  expect(address.statusCode, address.body).toBeLessThan(300);
  const messagesFrom = new Map<string, string[]>();
  const { db } = app.deps;
  for (const creator of creators) {
    const [conversation] = await db
      .insert(conversations)
      .values({ pairKey: [fan.user.id, creator.user.id].sort().join(':') })
      .returning();
    await db.insert(conversationMembers).values([
      { conversationId: conversation!.id, userId: fan.user.id, otherUserId: creator.user.id },
      { conversationId: conversation!.id, userId: creator.user.id, otherUserId: fan.user.id },
    ]);
    const forSale = await db
      .insert(messages)
      .values(
        Array.from({ length: PAID_MESSAGES_PER_PAIR }, (_, n) => ({
          conversationId: conversation!.id,
          senderId: creator.user.id,
          text: `Just for you, ${n}`,
          priceCents: ITEM_PRICE * 100,
        })),
      )
      .returning({ id: messages.id });
    messagesFrom.set(
      creator.user.id,
      forSale.map((row) => row.id),
    );
  }
  return { ...fan, visaCardId, threeDsCardId, addressId: address.json()._id as string, messagesFrom };
}
