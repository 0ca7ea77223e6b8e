import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { setSetting, signedIn, verifiedPerformer } from '../../../test/factories';
import { generateVideo } from '../../../test/media';
import { auditEvents, files, moderationHolds, notifications, performerProfileRevisions } from '../../db/schema';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let admin: Account;
let picture: Buffer;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, as?: Account, payload?: object | FormData) =>
  app.inject({ method, url, headers: as?.headers, payload: payload as never });
const uploadImage = (as: Account, kind: 'avatar' | 'cover', url = `/api/performers/${kind}/upload`) => {
  const form = new FormData();
  form.append(kind, new Blob([picture]), 'me.jpg');
  return inject('POST', url, as, form);
};
const approve = (creatorId: string, as = admin) =>
  inject('POST', '/api/admin/moderation/approvals', as, { targetType: 'profileRevision', targetId: creatorId });
const refuse = (creatorId: string, reason: string) =>
  inject('PUT', `/api/admin/reports/targets/profileRevision/${creatorId}`, admin, { reason });
const publicPage = async (creator: Account, as?: Account) => {
  const response = await inject('GET', `/api/performers/${creator.user.username}`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const myAccount = async (creator: Account) => (await inject('GET', '/api/performers/me', creator)).json();
const openCases = async () => {
  const response = await inject('GET', '/api/admin/reports/groups?reason=prePublication&targetType=profileRevision', admin);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: { targetId: string }) => row.targetId) as string[];
};
const toldCreator = async (creator: Account) =>
  (
    await app.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, creator.user.id), eq(notifications.kind, 'moderation')))
  ).map((row) => row.text);

/** A verified creator the admin flagged for review before publication. */
async function reviewedCreator() {
  const creator = await verifiedPerformer(app);
  const flagged = await inject('PATCH', `/api/admin/accounts/${creator.user.id}`, admin, { reviewBeforePublication: true });
  expect(flagged.statusCode, flagged.body).toBe(200);
  return creator;
}

beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
  await setSetting(app, 'reviewBeforePublication', 'flagged');
  picture = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#a37' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => app.close());

describe('profile changes of a creator not reviewed', () => {
  it('apply at once, with no revision and no case', async () => {
    const creator = await verifiedPerformer(app);
    const saved = await inject('PUT', '/api/performers/me', creator, { bio: 'Straight to the page', name: 'Quick Change' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ bio: 'Straight to the page', name: 'Quick Change', profileRevision: null });
    const fan = await signedIn(app, 'user');
    expect(await publicPage(creator, fan)).toMatchObject({ bio: 'Straight to the page', name: 'Quick Change' });
    const avatar = await uploadImage(creator, 'avatar');
    expect(avatar.statusCode, avatar.body).toBe(200);
    expect((await publicPage(creator, fan)).avatar).toBe(avatar.json().avatar);
    expect(await openCases()).not.toContain(creator.user.id);
  });
});

describe('profile changes of a reviewed creator', () => {
  it('wait for approval: fans see the old page, the owner the pending values, the queue a case; approval applies them', async () => {
    const creator = await reviewedCreator();
    const fan = await signedIn(app, 'user');
    const before = await publicPage(creator, fan);

    const saved = await inject('PUT', '/api/performers/me', creator, {
      bio: 'Brand new about me',
      name: before.name,
      city: 'Lisbon',
      phone: '555 0101',
      monthlyPrice: 9.99,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const account = saved.json();
    // The words fans read wait (a field sent unchanged is no change); the private phone and the price apply at once.
    expect(account.profileRevision).toMatchObject({ status: 'pending', changes: { bio: 'Brand new about me', city: 'Lisbon' } });
    expect(account.profileRevision.changes).not.toHaveProperty('name');
    expect(account).toMatchObject({ bio: before.bio, phone: '555 0101', monthlyPrice: 9.99 });

    // A pending avatar: its file is the owner's and the admin's to see, never a fan's.
    const avatar = await uploadImage(creator, 'avatar');
    expect(avatar.statusCode, avatar.body).toBe(200);
    expect(avatar.json().avatar).toBe(before.avatar);
    const pendingAvatar = (await myAccount(creator)).profileRevision.avatar as string;
    expect(pendingAvatar).toMatch(/^\/api\/media\/public\/avatars\//);
    expect((await inject('GET', pendingAvatar, fan)).statusCode).toBe(404);
    expect((await inject('GET', pendingAvatar)).statusCode).toBe(404);
    expect((await inject('GET', pendingAvatar, creator)).statusCode).toBe(200);
    expect((await inject('GET', pendingAvatar, admin)).statusCode).toBe(200);
    // Nor can the fans' routes be used to go around the review; the same name again is no change.
    expect((await uploadImage(creator, 'avatar', '/api/users/avatar/upload')).statusCode).toBe(409);
    expect((await inject('PUT', '/api/users', creator, { name: 'Around The Review' })).statusCode).toBe(409);
    expect((await inject('PUT', '/api/users', creator, { name: before.name })).statusCode).toBe(200);

    const other = await signedIn(app, 'user');
    expect(await publicPage(creator, other)).toMatchObject({ bio: before.bio, avatar: before.avatar, city: before.city });
    expect(await publicPage(creator, creator)).toMatchObject({ bio: before.bio });
    expect(await openCases()).toContain(creator.user.id);
    const groups = (await inject('GET', '/api/admin/reports/groups?targetType=profileRevision', admin)).json().data;
    const row = groups.find((group: { targetId: string }) => group.targetId === creator.user.id);
    expect(row.hold).toMatchObject({ state: 'review', prePublication: true });

    // The admin sees old against new, field by field.
    const content = await inject('GET', `/api/admin/reports/targets/profileRevision/${creator.user.id}`, admin);
    expect(content.statusCode, content.body).toBe(200);
    expect(content.json().owner._id).toBe(creator.user.id);
    expect(content.json().revision).toEqual(
      expect.arrayContaining([
        { field: 'bio', kind: 'text', before: before.bio, after: 'Brand new about me' },
        { field: 'city', kind: 'text', before: before.city, after: 'Lisbon' },
        { field: 'avatar', kind: 'image', before: before.avatar, after: pendingAvatar },
      ]),
    );

    // Only an admin approves.
    expect((await approve(creator.user.id, creator)).statusCode).toBe(403);
    expect((await approve(creator.user.id, fan)).statusCode).toBe(403);

    const approved = await approve(creator.user.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await publicPage(creator, fan)).toMatchObject({ bio: 'Brand new about me', city: 'Lisbon', avatar: pendingAvatar });
    expect((await inject('GET', pendingAvatar, fan)).statusCode).toBe(200);
    // The old avatar's file is gone, the revision and the case too; the creator is told; the trail records it.
    if (before.avatar.startsWith('/api/media/')) expect((await inject('GET', before.avatar, admin)).statusCode).toBe(404);
    expect((await myAccount(creator)).profileRevision).toBeNull();
    expect(await openCases()).not.toContain(creator.user.id);
    expect(await toldCreator(creator)).toEqual([expect.stringContaining('approved')]);
    const audit = await app.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, creator.user.id));
    expect(audit.find((row) => row.action === 'profile.approve')?.details).toMatchObject({
      fields: expect.arrayContaining(['bio', 'city', 'avatar']),
    });
    expect((await approve(creator.user.id)).statusCode).toBe(404);
  });

  it('holds a new welcome video: its file refused to fans and the page without it until approved', async () => {
    const creator = await reviewedCreator();
    const fan = await signedIn(app, 'user');
    const form = new FormData();
    form.append('welcomeVideo', new Blob([await generateVideo(1, 'mov')]), 'hello.mov');
    const uploaded = await inject('POST', '/api/performers/welcome-video/upload', creator, form);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().welcomeVideo).toBeNull();
    expect(uploaded.json().profileRevision.welcomeVideo).toMatchObject({ status: 'processing' });
    await app.deps.jobs.drain();
    const pending = (await myAccount(creator)).profileRevision.welcomeVideo;
    expect(pending).toMatchObject({ status: 'finished' });
    expect((await publicPage(creator, fan)).welcomeVideo).toBeNull();
    expect((await inject('GET', pending.url, fan)).statusCode).toBe(404);
    expect((await inject('GET', pending.url, creator)).statusCode).toBe(200);

    expect((await approve(creator.user.id)).statusCode).toBe(200);
    expect((await publicPage(creator, fan)).welcomeVideo).toMatchObject({ _id: pending._id, status: 'finished' });
    expect((await inject('GET', pending.url, fan)).statusCode).toBe(200);
  });

  it('merges a second change into the revision waiting, and drops a field set back to its public value', async () => {
    const creator = await reviewedCreator();
    const { bio: publicBio } = await publicPage(creator);
    await inject('PUT', '/api/performers/me', creator, { bio: 'First try' });
    await inject('PUT', '/api/performers/me', creator, { name: 'Second Name' });
    const firstCover = await uploadImage(creator, 'cover');
    expect(firstCover.statusCode, firstCover.body).toBe(200);
    const firstPending = (await myAccount(creator)).profileRevision.cover as string;
    await uploadImage(creator, 'cover');
    const revision = (await myAccount(creator)).profileRevision;
    expect(revision.changes).toEqual({ bio: 'First try', name: 'Second Name' });
    // The cover it replaced in the revision is gone; one case only.
    expect(revision.cover).not.toBe(firstPending);
    expect((await inject('GET', firstPending, admin)).statusCode).toBe(404);
    const cases = await inject('GET', `/api/admin/reports/targets/profileRevision/${creator.user.id}`, admin);
    expect(cases.json().reports).toHaveLength(1);
    // Sending the same values again (the form sends every field) asks nothing new: the revision is as it was.
    const again = await inject('PUT', '/api/performers/me', creator, { bio: 'First try', name: 'Second Name', phone: '555 0102' });
    expect(again.json().profileRevision.submittedAt).toBe(revision.submittedAt);
    // Setting the bio back to what fans see takes it out of the revision.
    await inject('PUT', '/api/performers/me', creator, { bio: publicBio });
    expect((await myAccount(creator)).profileRevision.changes).toEqual({ name: 'Second Name' });
  });

  it('is refused with a reason the creator reads, its values and files discarded', async () => {
    const creator = await reviewedCreator();
    const fan = await signedIn(app, 'user');
    const before = await publicPage(creator, fan);
    await inject('PUT', '/api/performers/me', creator, { bio: 'Something the admin will not like' });
    await uploadImage(creator, 'cover');
    const pendingCover = (await myAccount(creator)).profileRevision.cover as string;

    expect((await refuse(creator.user.id, 'no')).statusCode).toBe(400);
    const refused = await refuse(creator.user.id, 'The cover shows a phone number');
    expect(refused.statusCode, refused.body).toBe(200);
    expect(await publicPage(creator, fan)).toMatchObject({ bio: before.bio, cover: before.cover });
    expect((await inject('GET', pendingCover, admin)).statusCode).toBe(404);
    const revision = (await myAccount(creator)).profileRevision;
    expect(revision).toMatchObject({ status: 'refused', changes: {}, cover: null, refusal: { reason: 'The cover shows a phone number' } });
    expect(await toldCreator(creator)).toEqual([expect.stringContaining('The cover shows a phone number')]);
    expect(await openCases()).not.toContain(creator.user.id);
    const audit = await app.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, creator.user.id));
    expect(audit.find((row) => row.action === 'profile.refuse')?.reason).toBe('The cover shows a phone number');
    // Refusing again, or approving what was refused, finds nothing waiting.
    expect((await refuse(creator.user.id, 'Again, the same')).statusCode).toBe(404);
    expect((await approve(creator.user.id)).statusCode).toBe(404);

    // A new change starts a new revision and a new case.
    await inject('PUT', '/api/performers/me', creator, { bio: 'A kinder about me' });
    expect((await myAccount(creator)).profileRevision).toMatchObject({
      status: 'pending',
      refusal: null,
      changes: { bio: 'A kinder about me' },
    });
    expect(await openCases()).toContain(creator.user.id);
  });

  it('may be withdrawn by the creator: the files go, the case closes, nothing changes for fans', async () => {
    const creator = await reviewedCreator();
    const before = await publicPage(creator);
    await inject('PUT', '/api/performers/me', creator, { bio: 'Second thoughts' });
    await uploadImage(creator, 'avatar');
    const pendingAvatar = (await myAccount(creator)).profileRevision.avatar as string;
    const other = await reviewedCreator();
    expect((await inject('DELETE', '/api/performers/me/profile-revision', other)).statusCode).toBe(404);

    const withdrawn = await inject('DELETE', '/api/performers/me/profile-revision', creator);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().profileRevision).toBeNull();
    expect(await publicPage(creator)).toMatchObject({ bio: before.bio, avatar: before.avatar });
    expect((await inject('GET', pendingAvatar, admin)).statusCode).toBe(404);
    expect(await openCases()).not.toContain(creator.user.id);
    const held = await app.deps.db.select().from(moderationHolds).where(eq(moderationHolds.ownerId, creator.user.id));
    expect(held).toEqual([]);
    const rows = await app.deps.db.select().from(performerProfileRevisions).where(eq(performerProfileRevisions.userId, creator.user.id));
    expect(rows).toEqual([]);
    const avatars = await app.deps.db
      .select()
      .from(files)
      .where(and(eq(files.ownerId, creator.user.id), eq(files.type, 'avatar')));
    expect(avatars.map((file) => `/api/media/${file.storageKey}`)).not.toContain(pendingAvatar);
    expect((await approve(creator.user.id)).statusCode).toBe(404);
  });
});
