import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { refusedFields, setSetting, signedIn, verifiedPerformer } from '../../../test/factories';

type Account = Awaited<ReturnType<typeof signedIn>>;
let app: TestApp;
let photo: Buffer;
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
beforeAll(async () => {
  app = await createTestApp();
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c63' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => app.close());

/** A multipart form; `images` may repeat. */
function form(fields: Record<string, string>, files: { images?: Buffer[]; digitalFile?: Buffer } = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const image of files.images ?? []) body.append('images', new Blob([image]), 'image.jpg');
  if (files.digitalFile) body.append('digitalFile', new Blob([files.digitalFile]), 'photo-set.pdf');
  return body;
}
const save = (as: Account, fields: Record<string, string>, files?: Parameters<typeof form>[1], id?: string) =>
  app.inject({
    method: id ? 'PUT' : 'POST',
    url: `/api/performer/performer-assets/products${id ? `/${id}` : ''}`,
    headers: as.headers,
    payload: form(fields, files),
  });
const shirt = { name: 'Signed T-shirt', description: 'Cotton, size M', type: 'physical', price: '25', stock: '5' };
const photoSet = { name: 'Summer photo set', type: 'digital', price: '9.99' };

describe('products', () => {
  it('lets a creator list a physical product with images and a digital one with its file; fans see them active only', async () => {
    const creator = await verifiedPerformer(app);
    const physical = await save(creator, shirt, { images: [photo, photo] });
    expect(physical.statusCode, physical.body).toBe(200);
    expect(physical.json()).toMatchObject({
      name: 'Signed T-shirt',
      type: 'physical',
      price: 25,
      stock: 5,
      status: 'active',
      hasDigitalFile: false,
    });
    expect(physical.json().images).toHaveLength(2);
    const cover = await app.inject(physical.json().images[0].url);
    expect(cover.statusCode).toBe(200);

    const digital = await save(creator, { ...photoSet, status: 'draft' }, { digitalFile: pdf });
    expect(digital.statusCode, digital.body).toBe(200);
    expect(digital.json()).toMatchObject({ type: 'digital', stock: null, hasDigitalFile: true, status: 'draft' });
    // The file itself is never in a product's answer: only the download route gives links to it.
    expect(digital.body).not.toContain('downloads/');

    const fan = await signedIn(app, 'user');
    const listed = (
      await app.inject({ url: `/api/performer-assets/products/search?performerId=${creator.user.id}`, headers: fan.headers })
    ).json();
    expect(listed.data.map((product: { name: string }) => product.name)).toEqual(['Signed T-shirt']);
    expect((await app.inject({ url: `/api/performer-assets/products/${digital.json()._id}`, headers: fan.headers })).statusCode).toBe(404);
    const own = await app.inject({ url: '/api/performer/performer-assets/products/search?sortBy=name&sort=asc', headers: creator.headers });
    expect(own.json().data.map((product: { name: string }) => product.name)).toEqual(['Signed T-shirt', 'Summer photo set']);

    const bookmarked = await app.inject({
      method: 'POST',
      url: '/api/reactions',
      headers: fan.headers,
      payload: { objectType: 'product', objectId: physical.json()._id, action: 'bookmark' },
    });
    expect(bookmarked.statusCode, bookmarked.body).toBe(200);
    const bookmarks = (await app.inject({ url: '/api/reactions/products/bookmark', headers: fan.headers })).json();
    expect(bookmarks.data[0].product).toMatchObject({ _id: physical.json()._id, isBookmarked: true });
  });

  it('edits a product: new images replace the set, the type stays, the old files go', async () => {
    const creator = await verifiedPerformer(app);
    const created = (await save(creator, shirt, { images: [photo, photo] })).json();
    const edited = await save(creator, { ...shirt, price: '30', stock: '0' }, { images: [photo] }, created._id);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ price: 30, stock: 0 });
    expect(edited.json().images).toHaveLength(1);
    expect((await app.inject(created.images[0].url)).statusCode).toBe(404);
    const retyped = await save(creator, photoSet, {}, created._id);
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json().message).toBe('type: this product is physical and stays so; create a new product instead');
  });

  it('refuses bad products, naming the field: price out of bounds, stock missing or misplaced, a file where none belongs', async () => {
    const creator = await verifiedPerformer(app);
    expect(refusedFields(await save(creator, { ...shirt, price: '0.1' }))).toEqual(['price']);
    expect(refusedFields(await save(creator, { ...shirt, price: '10000.01' }))).toEqual(['price']);
    expect(refusedFields(await save(creator, { ...shirt, price: '2.555' }))).toEqual(['price']);
    expect(refusedFields(await save(creator, { ...shirt, stock: '-1' }))).toEqual(['stock']);
    expect(refusedFields(await save(creator, { ...shirt, stock: '1.5' }))).toEqual(['stock']);
    const { stock: _, ...noStock } = shirt;
    expect(refusedFields(await save(creator, noStock))).toEqual(['stock']);
    expect(refusedFields(await save(creator, { ...photoSet, stock: '3' }, { digitalFile: pdf }))).toEqual(['stock']);
    expect(refusedFields(await save(creator, photoSet))).toEqual(['digitalFile']);
    expect(refusedFields(await save(creator, shirt, { digitalFile: pdf }))).toEqual(['digitalFile']);
    expect(refusedFields(await save(creator, shirt, { images: Array.from({ length: 9 }, () => photo) }))).toEqual(['images']);
    const script = await save(creator, photoSet, { digitalFile: Buffer.from('#!/bin/sh\nrm -rf /\n') });
    expect(script.statusCode).toBe(415);
  });

  it('is the creator’s alone to change: another creator, a fan and a visitor are refused', async () => {
    const creator = await verifiedPerformer(app);
    const product = (await save(creator, shirt)).json();
    const other = await verifiedPerformer(app);
    expect((await save(other, shirt, {}, product._id)).statusCode).toBe(404);
    const removeAs = (headers: Record<string, string>) =>
      app.inject({ method: 'DELETE', url: `/api/performer/performer-assets/products/${product._id}`, headers });
    expect((await removeAs(other.headers)).statusCode).toBe(404);
    expect((await removeAs((await signedIn(app, 'user')).headers)).statusCode).toBe(403);
    expect((await removeAs({})).statusCode).toBe(401);
    expect(
      (await app.inject({ url: `/api/performer/performer-assets/products/${product._id}/view`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await removeAs(creator.headers)).statusCode).toBe(200);
    expect((await app.inject({ url: `/api/performer-assets/products/${product._id}` })).statusCode).toBe(404);
  });

  it('hides the whole shop when the admin switches it off', async () => {
    const creator = await verifiedPerformer(app);
    const product = (await save(creator, shirt)).json();
    const fan = await signedIn(app, 'user');
    await setSetting(app, 'enableProduct', false);
    try {
      const closed = await app.inject({ url: `/api/performer-assets/products/${product._id}` });
      expect(closed.statusCode).toBe(404);
      expect(closed.json().message).toBe('The shop is not open on this site');
      const bookmark = await app.inject({
        method: 'POST',
        url: '/api/reactions',
        headers: fan.headers,
        payload: { objectType: 'product', objectId: product._id, action: 'bookmark' },
      });
      expect(bookmark.statusCode).toBe(404);
    } finally {
      await setSetting(app, 'enableProduct', true);
    }
  });
});
