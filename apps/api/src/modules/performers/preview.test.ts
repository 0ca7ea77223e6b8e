import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signedIn, verifiedPerformer } from '../../../test/factories';

let app: TestApp;
let cover: Buffer;
let avatar: Buffer;
beforeAll(async () => {
  app = await createTestApp();
  cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  avatar = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#a37' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => app.close());

const upload = (headers: Record<string, string>, field: 'avatar' | 'cover', data: Buffer) => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)]), 'photo.jpg');
  return app.inject({ method: 'POST', url: `/api/performers/${field}/upload`, headers, payload: form });
};
const pageOf = async (id: string, headers: Record<string, string> = {}) =>
  (await app.inject({ url: `/api/performers/${id}`, headers })).json() as { previewImage: string; hiddenFromSearchEngines: boolean };

/** A fan the creator has blocked. */
async function blockedFanOf(creator: { headers: Record<string, string> }) {
  const fan = await signedIn(app, 'user');
  const blocked = await app.inject({
    method: 'POST',
    url: '/api/block/users',
    headers: creator.headers,
    payload: { targetId: fan.user.id },
  });
  expect(blocked.statusCode, blocked.body).toBe(200);
  return fan;
}

describe("a creator's link-preview card", () => {
  it('is a 1200x630 JPEG, kept for good at its version and drawn again when the name changes', async () => {
    const creator = await verifiedPerformer(app);
    expect((await upload(creator.headers, 'avatar', avatar)).statusCode).toBe(200);
    expect((await upload(creator.headers, 'cover', cover)).statusCode).toBe(200);
    const { previewImage } = await pageOf(creator.user.id);
    expect(previewImage).toMatch(new RegExp(`^/api/performers/${creator.user.id}/preview\\.jpg\\?v=[\\w-]{12}$`));

    const first = await app.inject(previewImage);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The cover fills the card: its green shows in the top right, away from the text and the fade.
    const { data } = await sharp(first.rawPayload)
      .extract({ left: 1100, top: 10, width: 10, height: 10 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[1]).toBeGreaterThan(data[0]! + 40);

    // Drawn once: the stored card answers the next request, byte for byte.
    const again = await app.inject(previewImage);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const renamed = await app.inject({
      method: 'PUT',
      url: '/api/performers/me',
      headers: creator.headers,
      payload: { name: 'Somebody Else' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const next = (await pageOf(creator.user.id)).previewImage;
    expect(next).not.toBe(previewImage);
    const redrawn = await app.inject(next);
    expect(redrawn.rawPayload.equals(first.rawPayload)).toBe(false);
    // An old version still answers the current card, but only for a while.
    expect((await app.inject(previewImage)).headers['cache-control']).toBe('public, max-age=300');
  });

  it('is drawn without a cover or an avatar, for a name no font can write, once for bots asking together', async () => {
    const creator = await verifiedPerformer(app);
    await app.inject({ method: 'PUT', url: '/api/performers/me', headers: creator.headers, payload: { name: '🌟🌟' } });
    // Asked for by several link-preview bots at once: one drawing answers them all alike.
    const url = (await pageOf(creator.user.id)).previewImage;
    const cards = await Promise.all(Array.from({ length: 4 }, () => app.inject(url)));
    for (const card of cards) {
      expect(card.statusCode, card.body).toBe(200);
      expect(card.rawPayload.equals(cards[0]!.rawPayload)).toBe(true);
    }
    expect(await sharp(cards[0]!.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it('answers as the page does: 404 for an unverified creator, 403 for a viewer they blocked', async () => {
    const unverified = await signedIn(app, 'performer');
    expect((await app.inject(`/api/performers/${unverified.user.id}/preview.jpg`)).statusCode).toBe(404);

    const creator = await verifiedPerformer(app);
    const fan = await blockedFanOf(creator);
    expect((await app.inject({ url: `/api/performers/${creator.user.id}/preview.jpg`, headers: fan.headers })).statusCode).toBe(403);
    expect((await app.inject(`/api/performers/${creator.user.id}/preview.jpg`)).statusCode).toBe(200);
  });
});

describe('hide my page from search engines', () => {
  it('is the creator’s own switch, shown on their page', async () => {
    const creator = await verifiedPerformer(app);
    expect((await pageOf(creator.user.id)).hiddenFromSearchEngines).toBe(false);
    const hidden = await app.inject({
      method: 'PUT',
      url: '/api/performers/me',
      headers: creator.headers,
      payload: { hiddenFromSearchEngines: true },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().hiddenFromSearchEngines).toBe(true);
    expect((await pageOf(creator.user.id)).hiddenFromSearchEngines).toBe(true);
    const refused = await app.inject({
      method: 'PUT',
      url: '/api/performers/me',
      headers: creator.headers,
      payload: { hiddenFromSearchEngines: 'yes' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('hiddenFromSearchEngines');
  });
});

describe("a live session's card", () => {
  /** The colour at the badge's place on a card drawn without an avatar (platform/preview-card.ts). */
  const badgePixel = async (card: Buffer) => {
    const { data } = await sharp(card).extract({ left: 72, top: 388, width: 8, height: 8 }).raw().toBuffer({ resolveWithObject: true });
    return { red: data[0]!, green: data[1]! };
  };

  it('says "Live now" while the session is on, is the creator’s card once it has ended, and is hidden as the session is', async () => {
    const creator = await verifiedPerformer(app);
    const started = await app.inject({
      method: 'POST',
      url: '/api/streaming/live',
      headers: creator.headers,
      payload: { title: 'On air' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const url = `/api/streaming/live/${started.json()._id}/preview.jpg`;

    const live = await app.inject(url);
    expect(live.statusCode, live.body).toBe(200);
    expect(live.headers['content-type']).toBe('image/jpeg');
    expect(live.headers['cache-control']).toBe('public, max-age=60');
    expect(await sharp(live.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const pageCard = (await app.inject((await pageOf(creator.user.id)).previewImage)).rawPayload;
    // The badge's red pill stands over the name on the live card only.
    const onLive = await badgePixel(live.rawPayload);
    expect(onLive.red).toBeGreaterThan(150);
    expect(onLive.green).toBeLessThan(80);
    expect((await badgePixel(pageCard)).red).toBeLessThan(150);
    // Stored like the page's card: the next ask answers the same bytes.
    expect((await app.inject(url)).rawPayload.equals(live.rawPayload)).toBe(true);

    const fan = await blockedFanOf(creator);
    expect((await app.inject({ url, headers: fan.headers })).statusCode).toBe(404);

    const ended = await app.inject({
      method: 'PUT',
      url: `/api/streaming/live/${started.json()._id}`,
      headers: creator.headers,
      payload: { status: 'ended' },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await app.inject(url)).rawPayload.equals(pageCard)).toBe(true);
  });
});
