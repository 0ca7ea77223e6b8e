import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { login, registerPerformer, signedIn, verifiedPerformer } from '../../../test/factories';
import { onePagePdf } from '../../../test/hostile-files';
import { performerProfiles } from '../../db/schema';

let app: TestApp;
let photo: Buffer;
beforeAll(async () => {
  app = await createTestApp();
  // A 2400x1600 JPEG carrying EXIF: a camera, an orientation and a GPS position.
  photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
});
afterAll(() => app.close());

const upload = (url: string, headers: Record<string, string>, field: string, data: Buffer) => {
  const form = new FormData();
  form.append(field, new Blob([data]), 'photo.jpg');
  return app.inject({ method: 'POST', url, headers, payload: form });
};

describe('avatar and cover uploads', () => {
  it('stores an avatar resized to WebP without EXIF and serves it publicly', async () => {
    const fan = await signedIn(app, 'user');
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const response = await upload('/api/users/avatar/upload', fan.headers, 'avatar', photo);
    expect(response.statusCode, response.body).toBe(200);
    const avatar = response.json().avatar as string;
    expect(avatar).toMatch(/^\/api\/media\/public\/avatars\/[0-9a-f-]+\.webp$/);

    const served = await app.inject(avatar);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 341 });
    expect(metadata.exif).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: fan.headers })).json().avatar).toBe(avatar);
  });

  it('replaces the old file when a new avatar arrives', async () => {
    const fan = await signedIn(app, 'user');
    const first = (await upload('/api/users/avatar/upload', fan.headers, 'avatar', photo)).json().avatar;
    const second = (await upload('/api/users/avatar/upload', fan.headers, 'avatar', photo)).json().avatar;
    expect(second).not.toBe(first);
    expect((await app.inject(first)).statusCode).toBe(404);
  });

  it('puts a creator cover on their public page', async () => {
    const creator = await verifiedPerformer(app);
    const response = await upload('/api/performers/cover/upload', creator.headers, 'cover', photo);
    expect(response.statusCode, response.body).toBe(200);
    const page = (await app.inject(`/api/performers/${creator.user.id}`)).json();
    expect(page.cover).toBe(response.json().cover);
    expect(page.cover).toMatch(/\/api\/media\/public\/covers\//);
  });

  it('refuses a text file named .jpg, a wrong field, a missing file and an oversized file', async () => {
    const fan = await signedIn(app, 'user');
    const text = await upload('/api/users/avatar/upload', fan.headers, 'avatar', Buffer.from('not an image at all'));
    expect(text.statusCode).toBe(415);
    expect(text.json().details).toEqual([{ field: 'avatar', message: 'must be a JPEG, PNG, WebP or GIF image' }]);
    const wrongField = await upload('/api/users/avatar/upload', fan.headers, 'picture', photo);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().details[0].field).toBe('picture');
    const empty = await app.inject({ method: 'POST', url: '/api/users/avatar/upload', headers: fan.headers, payload: new FormData() });
    expect(empty.statusCode).toBe(400);
    const huge = Buffer.concat([photo, Buffer.alloc(11 * 1024 * 1024)]);
    expect((await upload('/api/users/avatar/upload', fan.headers, 'avatar', huge)).statusCode).toBe(413);
  });

  it('checks who is asking', async () => {
    const fan = await signedIn(app, 'user');
    const admin = await signedIn(app, 'admin');
    expect((await upload('/api/performers/cover/upload', fan.headers, 'cover', photo)).statusCode).toBe(403);
    expect((await upload('/api/users/avatar/upload', {}, 'avatar', photo)).statusCode).toBe(401);
    expect((await upload(`/api/users/${admin.user.id}/avatar/upload`, fan.headers, 'avatar', photo)).statusCode).toBe(403);
    const byAdmin = await upload(`/api/users/${fan.user.id}/avatar/upload`, admin.headers, 'avatar', photo);
    expect(byAdmin.json()).toMatchObject({ _id: fan.user.id, avatar: expect.stringMatching(/webp$/) });
  });

  it('serves only public keys', async () => {
    for (const url of ['/api/media/private/documents/x.webp', '/api/media/public/../db.lock', '/api/media/public/avatars/nothing.webp']) {
      expect((await app.inject(url)).statusCode).toBe(404);
    }
  });
});

describe('identity documents re-upload', () => {
  let PDF: Buffer;
  beforeAll(async () => {
    PDF = await onePagePdf();
  });

  it('replaces a document while the creator waits for review, and the admin sees the new one', async () => {
    const creator = await registerPerformer(app);
    const headers = { authorization: `Bearer ${await login(app, creator.username)}` };
    const admin = await signedIn(app, 'admin');
    const documentsOf = async () => {
      const list = await app.inject({ url: `/api/admin/accounts?role=performer&q=${creator.username}`, headers: admin.headers });
      return list.json().data[0].documents as Array<{ _id: string; field: string; mimeType: string; url: string }>;
    };
    const before = await documentsOf();

    const response = await upload('/api/performers/documents/upload', headers, 'idVerification', PDF);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().documents).toEqual({ idVerification: true, documentVerification: true });
    const after = await documentsOf();
    const id = after.find((document) => document.field === 'idVerification')!;
    expect(id.mimeType).toBe('application/pdf');
    expect(id._id).not.toBe(before.find((document) => document.field === 'idVerification')!._id);
    expect(after.find((document) => document.field === 'documentVerification')!._id).toBe(
      before.find((document) => document.field === 'documentVerification')!._id,
    );
    const served = await app.inject({ url: id.url, headers: admin.headers });
    expect(served.headers['content-disposition']).toBe(`attachment; filename="document-${id._id}.pdf"`);
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses other file types, other fields, fans, and verified creators', async () => {
    const creator = await signedIn(app, 'performer');
    await app.deps.db.insert(performerProfiles).values({ userId: creator.user.id, gender: 'male' });
    expect(
      (await upload('/api/performers/documents/upload', creator.headers, 'idVerification', Buffer.from('MZ not a document'))).statusCode,
    ).toBe(415);
    const wrongField = await upload('/api/performers/documents/upload', creator.headers, 'passport', PDF);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().details).toEqual([
      { field: 'passport', message: 'is not an accepted file field; use idVerification, documentVerification' },
    ]);
    const fan = await signedIn(app, 'user');
    expect((await upload('/api/performers/documents/upload', fan.headers, 'idVerification', PDF)).statusCode).toBe(403);

    const verified = await verifiedPerformer(app);
    const locked = await upload('/api/performers/documents/upload', verified.headers, 'idVerification', PDF);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('Your documents are verified; contact the site administrator to change them');
  });
});

describe('protected media links', () => {
  it('serve a protected file only through an unexpired, untampered signed link', async () => {
    const key = 'protected/tests/secret.webp';
    const image = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    await app.deps.storage.put(key, image);
    const link = app.deps.mediaSigner.sign(key, 120);
    expect(link).toMatch(/^\/api\/media\/protected\/tests\/secret\.webp\?expires=\d+&signature=[\w-]+$/);
    const served = await app.inject(link);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(image)).toBe(true);
    expect(served.headers['cache-control']).toMatch(/^private, max-age=1[12]\d$/);

    const url = new URL(link, 'http://localhost');
    const tampered = `${url.pathname}?expires=${Number(url.searchParams.get('expires')) + 3600}&signature=${url.searchParams.get('signature')}`;
    for (const attempt of [url.pathname, tampered, link.replace('secret.webp', 'other.webp'), app.deps.mediaSigner.sign(key, -1)]) {
      const refused = await app.inject(attempt);
      expect(refused.statusCode, attempt).toBe(403);
      expect(refused.rawPayload.equals(image)).toBe(false);
    }
    expect((await app.inject(url.pathname)).json().message).toBe('This media link is invalid or has expired');
  });

  it('never serves keys outside the public and protected areas', async () => {
    await app.deps.storage.put('private/uploads/raw.webp', Buffer.from('raw upload'));
    expect((await app.inject('/api/media/private/uploads/raw.webp')).statusCode).toBe(404);
    expect((await app.inject('/api/media/public/../private/uploads/raw.webp')).statusCode).toBe(404);
  });
});
