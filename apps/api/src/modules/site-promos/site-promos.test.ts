import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signedIn } from '../../../test/factories';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let fan: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
  fan = await signedIn(app, 'user');
});
afterAll(() => app.close());

const create = (payload: object, headers = admin.headers) =>
  app.inject({ method: 'POST', url: '/api/admin/site-promos', headers, payload });
const live = async (position = 'home-top') =>
  (await app.inject(`/api/site-promo/search?position=${position}&limit=100`)).json().data.map((promo: { title: string }) => promo.title);
const hour = 3600 * 1000;

describe('site promos', () => {
  it('shows active banners inside their window, in the admin’s order, per position', async () => {
    await create({ title: 'Second', ordering: 2 });
    await create({ title: 'First', ordering: 1, href: '/page/about' });
    await create({ title: 'Paused', status: 'inactive' });
    await create({ title: 'Upcoming', startsAt: new Date(Date.now() + hour).toISOString() });
    await create({ title: 'Over', endsAt: new Date(Date.now() - hour).toISOString() });
    await create({
      title: 'Running',
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + hour).toISOString(),
    });
    await create({ title: 'Below', position: 'home-bottom' });
    const top = await live();
    expect(top.filter((title: string) => ['First', 'Second'].includes(title))).toEqual(['First', 'Second']);
    expect(top).toContain('Running');
    for (const hidden of ['Paused', 'Upcoming', 'Over', 'Below']) expect(top).not.toContain(hidden);
    expect(await live('home-bottom')).toEqual(['Below']);
    const all = await app.inject({ url: '/api/admin/site-promos?limit=100', headers: admin.headers });
    expect(all.json().total).toBe(7);
  });

  it('takes a banner image, resized to WebP with its EXIF gone, and replaces it', async () => {
    const promo = (await create({ title: 'With image' })).json();
    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#42b1e8' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS secret' } })
      .toBuffer();
    const upload = async () => {
      const form = new FormData();
      form.append('image', new Blob([photo]), 'banner.jpg');
      return app.inject({ method: 'POST', url: `/api/admin/site-promos/${promo._id}/image`, headers: admin.headers, payload: form });
    };
    const first = await upload();
    expect(first.statusCode, first.body).toBe(200);
    const image = await app.inject(first.json().imageUrl);
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 1920, height: 640 });
    expect(metadata.exif).toBeUndefined();
    const second = await upload();
    expect(second.json().imageUrl).not.toBe(first.json().imageUrl);
    expect((await app.inject(first.json().imageUrl)).statusCode).toBe(404);
  });

  it('refuses a file that is not an image', async () => {
    const promo = (await create({ title: 'Bad file' })).json();
    const form = new FormData();
    form.append('image', new Blob([Buffer.from('%PDF-1.4 not an image')]), 'x.pdf');
    const response = await app.inject({
      method: 'POST',
      url: `/api/admin/site-promos/${promo._id}/image`,
      headers: admin.headers,
      payload: form,
    });
    expect(response.statusCode).toBe(415);
  });

  it('updates and deletes; unknown ids answer 404', async () => {
    const promo = (await create({ title: 'Temporary' })).json();
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/admin/site-promos/${promo._id}`,
      headers: admin.headers,
      payload: { title: 'Renamed', status: 'inactive' },
    });
    expect(updated.json()).toMatchObject({ title: 'Renamed', status: 'inactive' });
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/site-promos/${promo._id}`, headers: admin.headers })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/site-promos/${promo._id}`, headers: admin.headers })).statusCode).toBe(
      404,
    );
  });

  it('lets only the admin manage promos', async () => {
    expect((await create({ title: 'Mine' }, fan.headers)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/site-promos', headers: fan.headers })).statusCode).toBe(403);
  });
});
