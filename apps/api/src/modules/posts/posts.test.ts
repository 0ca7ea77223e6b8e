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

const save = (payload: object, id?: string, headers = admin.headers) =>
  app.inject({ method: id ? 'PUT' : 'POST', url: id ? `/api/admin/posts/${id}` : '/api/admin/posts', headers, payload });

describe('CMS pages', () => {
  it('publishes a page, found by slug or id, with scripts and handlers stripped from its HTML', async () => {
    const created = await save({
      title: 'About us',
      slug: 'about-us',
      status: 'published',
      content:
        '<h2>Who we are</h2><p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:evil()">x</a></p><img src="https://cdn.test/a.png" onerror="x()">',
    });
    expect(created.statusCode, created.body).toBe(201);
    const page = created.json();
    expect(page.content).toBe('<h2>Who we are</h2><p>Hi <a>x</a></p><img src="https://cdn.test/a.png" />');
    for (const key of ['about-us', 'ABOUT-US', page._id]) {
      const response = await app.inject(`/api/posts/${key}`);
      expect(response.statusCode, key).toBe(200);
      expect(response.json()).toMatchObject({ title: 'About us', type: 'page' });
    }
  });

  it('keeps drafts from visitors but shows them to the admin', async () => {
    const draft = (await save({ title: 'Secret plans', slug: 'secret-plans' })).json();
    expect((await app.inject('/api/posts/secret-plans')).statusCode).toBe(404);
    expect((await app.inject('/api/posts/search?limit=100')).json().data.map((post: { slug: string }) => post.slug)).not.toContain(
      'secret-plans',
    );
    const adminView = await app.inject({ url: `/api/admin/posts/${draft._id}`, headers: admin.headers });
    expect(adminView.json().status).toBe('draft');
    const drafts = await app.inject({ url: '/api/admin/posts?status=draft', headers: admin.headers });
    expect(drafts.json().data.map((post: { slug: string }) => post.slug)).toContain('secret-plans');
  });

  it('lists published pages by type and keyword, in the admin’s order', async () => {
    await save({ title: 'Terms', slug: 'terms', status: 'published', ordering: 2 });
    await save({ title: 'Privacy', slug: 'privacy', status: 'published', ordering: 1 });
    await save({ title: 'Launch news', slug: 'launch-news', type: 'post', status: 'published' });
    const pages = (await app.inject('/api/posts/search?type=page&sortBy=ordering&sort=asc&limit=100')).json();
    const slugs = pages.data.map((post: { slug: string }) => post.slug);
    expect(slugs.indexOf('privacy')).toBeLessThan(slugs.indexOf('terms'));
    expect(slugs).not.toContain('launch-news');
    expect((await app.inject('/api/posts/search?q=laun')).json()).toMatchObject({ total: 1, data: [{ slug: 'launch-news' }] });
    expect((await app.inject('/api/posts/search?q=%25')).json().total).toBe(0);
  });

  it('refuses a taken slug with 409 naming it, and updates and deletes', async () => {
    const page = (await save({ title: 'FAQ', slug: 'faq', status: 'published' })).json();
    const duplicate = await save({ title: 'FAQ 2', slug: 'faq' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().details).toEqual([{ field: 'slug', message: 'is already taken' }]);
    const updated = await save({ title: 'Questions', slug: 'questions', status: 'published' }, page._id);
    expect(updated.json()).toMatchObject({ title: 'Questions', slug: 'questions' });
    expect((await app.inject('/api/posts/faq')).statusCode).toBe(404);
    const removed = await app.inject({ method: 'DELETE', url: `/api/admin/posts/${page._id}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect((await app.inject('/api/posts/questions')).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/admin/posts/${page._id}`, headers: admin.headers })).statusCode).toBe(404);
  });

  it('lets only the admin manage pages', async () => {
    expect((await save({ title: 'Mine', slug: 'mine' }, undefined, fan.headers)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/posts', headers: fan.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/admin/posts', payload: { title: 'x', slug: 'x' } })).statusCode).toBe(401);
  });
});
