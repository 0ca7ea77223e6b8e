import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { setSetting, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';
import { deliverMail, startSmtpServer } from '../../../test/mail';
import { insertModerationTargets } from '../../../test/moderation-targets';
import { auditEvents, files, messages as messageRows, moderationHolds, userBlocks } from '../../db/schema';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let creator: Account;
let fan: Account;
let stranger: Account;
let admin: Account;
let picture: Buffer;
const ids: Record<string, string> = {};

const post = (url: string, headers: Record<string, string>, payload: object) => app.inject({ method: 'POST', url, headers, payload });
const report = (headers: Record<string, string>, targetType: string, targetId: string, reason = 'abuse') =>
  post('/api/reports', headers, { targetType, targetId, reason, description: 'Not right' });
const act = (targetType: string, targetId: string, action: string, extra: object = {}) =>
  post('/api/admin/moderation/actions', admin.headers, { targetType, targetId, action, reason: 'Breaks the rules on nudity', ...extra });
const mailsTo = async (address: string) => {
  await deliverMail(app);
  return smtp.received.filter((mail) => JSON.stringify(mail.to).includes(address));
};
const uploadPhoto = async (galleryId: string, data: Buffer) => {
  const form = new FormData();
  form.append('galleryId', galleryId);
  form.append('title', 'Sunset');
  form.append('photo', new Blob([data]), 'sunset.jpg');
  const response = await app.inject({
    method: 'POST',
    url: '/api/performer/performer-assets/photos/upload',
    headers: creator.headers,
    payload: form,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { _id: string; file: { _id: string; url: string } };
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ smtpUrl: smtp.url });
  creator = await verifiedPerformer(app);
  fan = await signedIn(app, 'user');
  stranger = await signedIn(app, 'user');
  admin = await signedIn(app, 'admin');
  await subscribe(app, fan.user.id, creator.user.id);
  await setSetting(app, 'enableProduct', true);
  const db = app.deps.db;
  const feed = await post('/api/performer/feeds', creator.headers, { type: 'text', text: 'Hello fans, nothing to see' });
  ids.feed = feed.json()._id;
  const draft = await post('/api/performer/feeds', creator.headers, { type: 'text', text: 'A draft', status: 'inactive' });
  ids.draft = draft.json()._id;
  picture = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#2040c0' } })
    .composite([
      {
        input: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#f0e020' } })
          .png()
          .toBuffer(),
        left: 100,
        top: 150,
      },
    ])
    .jpeg()
    .toBuffer();
  const gallery = await post('/api/performer/performer-assets/galleries', creator.headers, { title: 'Holiday album' });
  ids.gallery = gallery.json()._id;
  const photo = await uploadPhoto(ids.gallery, picture);
  ids.photo = photo._id;
  ids.photoFile = photo.file._id;
  Object.assign(ids, await insertModerationTargets(db, creator.user.id, fan.user.id, ids.feed));
  ids.performer = creator.user.id;
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

describe('reports', () => {
  it('take every moderation target a reporter can see, and 404 exactly like a missing one otherwise', async () => {
    for (const type of ['feed', 'video', 'gallery', 'photo', 'product', 'story', 'comment', 'message', 'live', 'liveChat', 'performer']) {
      const answer = await report(fan.headers, type, ids[type]!);
      expect(answer.statusCode, `${type}: ${answer.body}`).toBe(200);
    }
    const missing = await report(stranger.headers, 'feed', crypto.randomUUID());
    expect(missing.statusCode).toBe(404);
    // Another creator's draft, a message of a conversation the reporter is not in.
    const draft = await report(stranger.headers, 'feed', ids.draft!);
    expect(draft.statusCode).toBe(404);
    expect(draft.json().message).toBe(missing.json().message);
    expect((await report(stranger.headers, 'message', ids.message!)).statusCode).toBe(404);
    // A creator who blocked the reporter: their post is not there for them (404, never 403).
    await app.deps.db.insert(userBlocks).values({ blockerId: creator.user.id, targetId: stranger.user.id, reason: '' });
    expect((await report(stranger.headers, 'feed', ids.feed!)).statusCode).toBe(404);
    await app.deps.db.delete(userBlocks).where(and(eq(userBlocks.blockerId, creator.user.id), eq(userBlocks.targetId, stranger.user.id)));
    expect((await report(stranger.headers, 'feed', ids.feed!)).statusCode).toBe(200);
  });

  it('groups the queue by target, oldest first, with the time left against 7 days; admins only', async () => {
    const queue = await app.inject({ url: '/api/admin/reports/groups?limit=100', headers: admin.headers });
    expect(queue.statusCode, queue.body).toBe(200);
    const feedRow = queue.json().data.find((row: { targetId: string }) => row.targetId === ids.feed);
    expect(feedRow).toMatchObject({ targetType: 'feed', count: 2, reasons: ['abuse'], hold: null });
    expect(new Date(feedRow.dueAt).getTime() - new Date(feedRow.firstReportedAt).getTime()).toBe(7 * 86_400_000);
    const opened = await app.inject({ url: `/api/admin/reports/targets/message/${ids.message}`, headers: admin.headers });
    expect(opened.json()).toMatchObject({
      text: 'Buy my stuff elsewhere',
      owner: { _id: creator.user.id },
      reports: [{ reason: 'abuse' }],
    });
    const photo = (await app.inject({ url: `/api/admin/reports/targets/photo/${ids.photo}`, headers: admin.headers })).json();
    expect(photo.media).toHaveLength(1);
    expect((await app.inject({ url: photo.media[0].url, headers: admin.headers })).statusCode).toBe(200);
    for (const account of [fan, creator]) {
      expect((await app.inject({ url: '/api/admin/reports/groups', headers: account.headers })).statusCode).toBe(403);
      const action = { targetType: 'feed', targetId: ids.feed, action: 'hide', reason: 'I do not like it' };
      expect((await post('/api/admin/moderation/actions', account.headers, action)).statusCode).toBe(403);
      expect((await app.inject({ url: `/api/admin/reports/targets/feed/${ids.feed}`, headers: account.headers })).statusCode).toBe(403);
    }
    expect(await app.deps.db.select().from(moderationHolds)).toHaveLength(0);
  });
});

describe('content actions', () => {
  it('hide a post: gone from its page, lists and search for fans, marked for its creator, who cannot re-activate it; restore brings it back', async () => {
    const page = () => app.inject({ url: `/api/user/feeds/${ids.feed}`, headers: fan.headers });
    const list = async () =>
      (await app.inject({ url: `/api/user/feeds/search/${creator.user.username}`, headers: fan.headers }))
        .json()
        .data.map((row: { _id: string }) => row._id);
    expect((await page()).statusCode).toBe(200);
    expect(await list()).toContain(ids.feed);
    expect((await act('feed', ids.feed!, 'hide')).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(404);
    expect(await list()).not.toContain(ids.feed);
    expect((await app.inject({ url: `/api/user/feeds/${ids.feed}`, headers: creator.headers })).statusCode).toBe(200);
    const edit = await app.inject({
      method: 'PUT',
      url: `/api/performer/feeds/${ids.feed}`,
      headers: creator.headers,
      payload: { type: 'text', text: 'Back again', status: 'active' },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toContain('Hidden by moderation: Breaks the rules on nudity');
    const mine = (await app.inject({ url: '/api/moderation/items', headers: creator.headers })).json();
    expect(mine).toMatchObject([{ targetId: ids.feed, state: 'hidden', reason: 'Breaks the rules on nudity' }]);
    expect((await mailsTo(creator.user.email!)).some((mail) => mail.subject?.includes('hidden by moderation'))).toBe(true);
    // Its reporters hear the outcome, without the penalty's details.
    const toFan = await mailsTo(fan.user.email!);
    expect(toFan.some((mail) => mail.subject?.includes('Your report was reviewed') && mail.text?.includes('action taken'))).toBe(true);

    expect((await act('feed', ids.feed!, 'restore')).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);
    expect(await list()).toContain(ids.feed);
    const audit = await app.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, ids.feed!));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['content.hide', 'content.restore']));
  });

  it('hide a photo: a signed link minted before stops working; gallery search drops a hidden gallery', async () => {
    const photos = await app.inject({ url: `/api/performer-assets/photos?galleryId=${ids.gallery}`, headers: fan.headers });
    const url = photos.json().data[0].file.url as string;
    expect((await app.inject({ url, headers: fan.headers })).statusCode).toBe(200);
    expect((await act('photo', ids.photo!, 'hide')).statusCode).toBe(200);
    expect((await app.inject({ url, headers: fan.headers })).statusCode).toBe(404);
    expect((await app.inject({ url, headers: creator.headers })).statusCode).toBe(200);
    expect((await act('photo', ids.photo!, 'restore')).statusCode).toBe(200);
    expect((await app.inject({ url, headers: fan.headers })).statusCode).toBe(200);

    const search = async () =>
      (await app.inject({ url: `/api/performer-assets/galleries/search?performerId=${creator.user.id}`, headers: fan.headers })).json()
        .total;
    expect(await search()).toBe(1);
    await act('gallery', ids.gallery!, 'hide');
    expect(await search()).toBe(0);
    expect((await app.inject({ url: `/api/performer-assets/galleries/${ids.gallery}`, headers: fan.headers })).statusCode).toBe(404);
    await act('gallery', ids.gallery!, 'restore');
    expect(await search()).toBe(1);
  });

  it('lets the creator appeal once; the admin decides and the creator is told', async () => {
    await act('video', ids.video!, 'hide');
    const appeal = (text = 'This was a mistake, please look again') =>
      post(`/api/moderation/items/${ids.video}/appeal`, creator.headers, { text });
    expect((await post(`/api/moderation/items/${ids.video}/appeal`, fan.headers, { text: 'Not mine but let me try' })).statusCode).toBe(
      404,
    );
    expect((await appeal()).statusCode).toBe(200);
    expect((await appeal()).statusCode).toBe(409);
    // Audited with the creator as the actor (a non-admin request).
    const [appealed] = await app.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, ids.video!), eq(auditEvents.action, 'appeal.create')));
    expect(appealed).toMatchObject({ actorId: creator.user.id, actorRole: 'performer', targetType: 'video' });
    const pending = (await app.inject({ url: '/api/admin/moderation/appeals', headers: admin.headers })).json();
    expect(pending).toMatchObject([{ targetId: ids.video, appealText: 'This was a mistake, please look again' }]);
    const decided = await app.inject({
      method: 'PUT',
      url: `/api/admin/moderation/appeals/${ids.video}`,
      headers: admin.headers,
      payload: { decision: 'restore', reason: 'On a second look it is fine' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await app.deps.db.select().from(moderationHolds).where(eq(moderationHolds.targetId, ids.video!))).toHaveLength(0);
    const told = await mailsTo(creator.user.email!);
    expect(
      told.some((mail) => mail.subject === 'Your appeal about your video “A video” was decided' && mail.text?.includes('granted')),
    ).toBe(true);
  });

  it('hide a message and a comment: gone from the thread and the comment list for others, kept for their author', async () => {
    const conversationId = (await app.deps.db.select().from(messageRows).where(eq(messageRows.id, ids.message!)))[0]!.conversationId;
    const thread = async (account: Account) =>
      (await app.inject({ url: `/api/messages/conversations/${conversationId}`, headers: account.headers }))
        .json()
        .data.map((row: { _id: string }) => row._id);
    const commentIds = async (account: Account) =>
      (await app.inject({ url: `/api/comments?objectType=feed&objectId=${ids.feed}`, headers: account.headers }))
        .json()
        .data.map((row: { _id: string }) => row._id);
    expect(await thread(fan)).toContain(ids.message);
    expect(await commentIds(creator)).toContain(ids.comment);
    expect((await act('message', ids.message!, 'hide')).statusCode).toBe(200);
    expect((await act('comment', ids.comment!, 'hide')).statusCode).toBe(200);
    expect(await thread(fan)).not.toContain(ids.message);
    expect(await thread(creator)).toContain(ids.message);
    expect(await commentIds(creator)).not.toContain(ids.comment);
    expect(await commentIds(fan)).toContain(ids.comment);
    expect((await act('message', ids.message!, 'hide')).statusCode).toBe(409);
    await act('message', ids.message!, 'restore');
    await act('comment', ids.comment!, 'restore');
    expect(await thread(fan)).toContain(ids.message);
  });

  it('dismissing tells reporters "no action"', async () => {
    const dismissed = await app.inject({
      method: 'PUT',
      url: `/api/admin/reports/targets/story/${ids.story}`,
      headers: admin.headers,
      payload: { reason: 'Within the rules' },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await mailsTo(fan.user.email!)).some((mail) => mail.text?.includes('no action'))).toBe(true);
    const [entry] = await app.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, ids.story!), eq(auditEvents.action, 'report.dismiss')));
    expect(entry?.reason).toBe('Within the rules');
  });

  it('remove a photo: its file leaves storage, and the same image re-encoded and resized is held for review', async () => {
    const [file] = await app.deps.db.select().from(files).where(eq(files.id, ids.photoFile!));
    expect((await act('photo', ids.photo!, 'remove', { illegal: true })).statusCode).toBe(200);
    await expect(app.deps.storage.size(file!.storageKey)).rejects.toThrow();
    expect((await act('photo', ids.photo!, 'restore')).statusCode).toBe(409);

    const again = await sharp(picture).resize(640).webp({ quality: 70 }).toBuffer();
    const reupload = await uploadPhoto(ids.gallery!, again);
    const [hold] = await app.deps.db.select().from(moderationHolds).where(eq(moderationHolds.targetId, reupload.file._id));
    expect(hold).toMatchObject({ state: 'review' });
    const queue = (await app.inject({ url: '/api/admin/reports/groups?targetType=reupload', headers: admin.headers })).json();
    expect(queue.data.map((row: { targetId: string }) => row.targetId)).toContain(reupload.file._id);
    // Not published: fans get no file.
    const listed = await app.inject({ url: `/api/performer-assets/photos?galleryId=${ids.gallery}`, headers: fan.headers });
    const shown = listed.json().data.find((row: { _id: string }) => row._id === reupload._id);
    if (shown?.file.url) expect((await app.inject({ url: shown.file.url, headers: fan.headers })).statusCode).toBe(404);
    // A different picture passes.
    const other = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#10a040' } })
      .composite([
        {
          input: await sharp({ create: { width: 200, height: 500, channels: 3, background: '#000000' } })
            .png()
            .toBuffer(),
          left: 500,
          top: 20,
        },
      ])
      .jpeg()
      .toBuffer();
    const fine = await uploadPhoto(ids.gallery!, other);
    expect(await app.deps.db.select().from(moderationHolds).where(eq(moderationHolds.targetId, fine.file._id))).toHaveLength(0);
  });
});

describe('takedown form', () => {
  it('opens a case with a number, e-mailed to the person, in the admin queue', async () => {
    const sent = await post(
      '/api/takedown',
      {},
      {
        name: 'Dana Depicted',
        email: 'dana@example.test',
        relation: 'depicted',
        urls: ['https://limelight.test/p/abc'],
        description: 'This photo shows me without my consent.',
        sworn: true,
      },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const { caseNumber } = sent.json();
    expect(caseNumber).toMatch(/^LL-\d{4}-\d{6}$/);
    const mails = await mailsTo('dana@example.test');
    expect(mails.some((mail) => mail.text?.includes(caseNumber))).toBe(true);
    const queue = (await app.inject({ url: '/api/admin/reports/groups?targetType=takedown', headers: admin.headers })).json();
    expect(queue.total).toBe(1);
    const opened = (
      await app.inject({ url: `/api/admin/reports/targets/takedown/${queue.data[0].targetId}`, headers: admin.headers })
    ).json();
    expect(opened.takedown).toMatchObject({ caseNumber, relation: 'depicted' });
    const unsworn = await post(
      '/api/takedown',
      {},
      { name: 'X', email: 'x@example.test', relation: 'other', urls: [], description: 'short' },
    );
    expect(unsworn.statusCode).toBe(400);
  });
});
