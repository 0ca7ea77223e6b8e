import { HELD_USERNAME_DAYS } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import {
  expectSoundLedger,
  fanInput,
  fundWallet,
  PASSWORD,
  PNG,
  purchase,
  refusedFields,
  registerFan,
  signedIn,
  verifiedPerformer,
} from '../../../test/factories';
import { readOutbox } from '../../../test/mail';
import { auditEvents, feeds, files, galleries, sessions, users } from '../../db/schema';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signedIn>>;
const storedKeyOf = async (fileId: string) =>
  (await app.deps.db.select({ key: files.storageKey }).from(files).where(eq(files.id, fileId)))[0]!.key;
const remove = (account: Account, payload: object) =>
  app.inject({ method: 'DELETE', url: '/api/users/me', headers: account.headers, payload });

describe('an owner deleting their account', () => {
  it('has the stored avatar and cover removed by a job once the deletion has committed', async () => {
    const creator = await verifiedPerformer(app);
    const upload = (url: string, field: string) => {
      const form = new FormData();
      form.append(field, new Blob([PNG]), 'photo.png');
      return app.inject({ method: 'POST', url, headers: creator.headers, payload: form });
    };
    expect((await upload('/api/users/avatar/upload', 'avatar')).statusCode).toBe(200);
    expect((await upload('/api/performers/cover/upload', 'cover')).statusCode).toBe(200);
    const [stored] = await app.deps.db.select().from(users).where(eq(users.id, creator.user.id));
    const keys = [stored!.avatarKey!, stored!.coverKey!];
    for (const key of keys) expect(await app.deps.storage.size(key)).toBeGreaterThan(0);

    // A refused deletion commits nothing, and queues no removal.
    expect((await remove(creator, { password: 'wrong-password-1', confirm: creator.user.username! })).statusCode).toBe(400);
    await app.deps.jobs.drain();
    for (const key of keys) expect(await app.deps.storage.size(key)).toBeGreaterThan(0);

    const deleted = await remove(creator, { password: PASSWORD, confirm: creator.user.username! });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await app.deps.jobs.drain();
    for (const key of keys) await expect(app.deps.storage.size(key)).rejects.toThrow();
  });

  it('needs the password and the username typed out; another account’s session deletes only itself', async () => {
    const fan = await signedIn(app, 'user');
    expect(refusedFields(await remove(fan, { password: 'wrong-password-1', confirm: fan.user.username! }))).toEqual(['password']);
    expect(refusedFields(await remove(fan, { confirm: fan.user.username! }))).toEqual(['password']);
    expect(refusedFields(await remove(fan, { password: PASSWORD, confirm: 'someone-else' }))).toEqual(['confirm']);
    expect((await app.inject({ method: 'DELETE', url: '/api/users/me', payload: { password: PASSWORD, confirm: 'x' } })).statusCode).toBe(
      401,
    );
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row!.status).toBe('active');
  });

  it('anonymises the account, ends every session, holds the username, records it and confirms by e-mail', async () => {
    const registered = await registerFan(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: registered.username, password: registered.password },
    });
    const fan = { user: { id: registered._id, username: registered.username }, headers: { authorization: `Bearer ${login.json().token}` } };
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: registered.username, password: registered.password },
    });
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: fan.headers,
      payload: { password: registered.password, confirm: registered.username.toUpperCase() },
    });
    expect(response.statusCode, response.body).toBe(200);

    const [row] = await app.deps.db.select().from(users).where(eq(users.id, registered._id));
    expect(row).toMatchObject({ status: 'deleted', email: null, passwordHash: null, name: 'Deleted account' });
    expect(row!.username).not.toBe(registered.username);
    expect(row!.deletedAt).toBeInstanceOf(Date);
    // Every session ended: neither token works, and signing in fails.
    for (const headers of [fan.headers, { authorization: `Bearer ${other.json().token}` }]) {
      expect((await app.inject({ url: '/api/users/me', headers })).statusCode).toBe(401);
    }
    const open = await app.deps.db.select().from(sessions).where(eq(sessions.userId, registered._id));
    expect(open.every((session) => session.revokedAt)).toBe(true);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: registered.username, password: registered.password },
    });
    expect(again.statusCode).toBe(401);
    // The username is held: nobody can register it.
    const taken = await app.inject({
      method: 'POST',
      url: '/api/auth/users/register',
      payload: fanInput({ name: 'Impostor', username: registered.username }),
    });
    expect(taken.statusCode).toBe(409);
    expect(refusedFields(taken)).toEqual(['username']);
    // In the audit trail, and confirmed to the address the account had.
    const audit = await app.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, registered._id));
    expect(audit.map((entry) => entry.action)).toEqual(['account.delete']);
    // Signing in from a test client without a device cookie also mails a "new sign-in" (decision 048).
    const mails = (await readOutbox(app)).filter((message) => JSON.stringify(message.to).includes(registered.email));
    const deleted = mails.filter((message) => /account has been deleted/.test(message.subject ?? ''));
    expect(deleted).toHaveLength(1);
    // The catalogue's template (decision 049): the days the username is held, and the settings link.
    expect(deleted[0]!.text).toContain(`reserved for ${HELD_USERNAME_DAYS} days`);
    expect(deleted[0]!.text).toContain(`${app.deps.config.publicUrl}/notifications/settings`);
  });

  it('asks a creator with earnings not paid out to request a payout or give them up, then takes their content down', async () => {
    const creator = await verifiedPerformer(app);
    const fan = await signedIn(app, 'user');
    await fundWallet(app, fan.user.id, 50);
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: fan.headers,
      payload: { price: 20 },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    // Two paid photo posts, one of them bought, and a gallery nobody bought.
    const photoPost = async (text: string) => {
      const form = new FormData();
      form.append('file', new Blob([PNG]), 'photo.png');
      const file = await app.inject({ method: 'POST', url: '/api/performer/feeds/photo/upload', headers: creator.headers, payload: form });
      expect(file.statusCode, file.body).toBe(200);
      const saved = await app.inject({
        method: 'POST',
        url: '/api/performer/feeds',
        headers: creator.headers,
        payload: { type: 'photo', text, fileIds: [file.json()._id], isSale: true, price: 5 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      return { id: saved.json()._id as string, key: await storedKeyOf(file.json()._id) };
    };
    const bought = await photoPost('Bought');
    const unsold = await photoPost('Nobody bought this');
    await purchase(app, fan.user.id, 'feed', bought.id);
    const gallery = await app.inject({
      method: 'POST',
      url: '/api/performer/performer-assets/galleries',
      headers: creator.headers,
      payload: { title: 'Holiday album' },
    });
    const form = new FormData();
    form.append('galleryId', gallery.json()._id);
    form.append('photo', new Blob([PNG]), 'sunset.png');
    const photo = await app.inject({
      method: 'POST',
      url: '/api/performer/performer-assets/photos/upload',
      headers: creator.headers,
      payload: form,
    });
    expect(photo.statusCode, photo.body).toBe(200);
    const galleryKey = await storedKeyOf(photo.json().file._id);

    const refused = await remove(creator, { password: PASSWORD, confirm: creator.user.username! });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/Request a payout first/);
    const done = await remove(creator, { password: PASSWORD, confirm: creator.user.username!, forfeitBalance: true });
    expect(done.statusCode, done.body).toBe(200);
    await app.deps.jobs.drain();

    // What the fan bought stays theirs, with its file (decision 034); the rest goes with its files.
    const [kept] = await app.deps.db.select().from(feeds).where(eq(feeds.id, bought.id));
    expect(kept).toMatchObject({ status: 'inactive' });
    expect(kept!.deletedAt).toBeInstanceOf(Date);
    expect(await app.deps.storage.size(bought.key)).toBeGreaterThan(0);
    expect((await app.inject({ url: `/api/user/feeds/${bought.id}`, headers: fan.headers })).statusCode).toBe(200);
    expect(await app.deps.db.select().from(feeds).where(eq(feeds.id, unsold.id))).toEqual([]);
    expect(await app.deps.db.select().from(galleries).where(eq(galleries.id, gallery.json()._id))).toEqual([]);
    for (const key of [unsold.key, galleryKey]) await expect(app.deps.storage.size(key)).rejects.toThrow();

    const [audit] = await app.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, creator.user.id));
    expect(audit!.details).toMatchObject({ forfeitedEarnings: expect.any(Number) });
    // The profile is gone for fans; the money records stay sound.
    expect((await app.inject({ url: `/api/performers/${creator.user.username}`, headers: fan.headers })).statusCode).toBe(404);
    await expectSoundLedger(app);
  });
});
