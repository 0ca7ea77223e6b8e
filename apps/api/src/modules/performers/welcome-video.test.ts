import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signedIn, verifiedPerformer } from '../../../test/factories';
import { generateVideo } from '../../../test/media';

let app: TestApp;
let video: Buffer;
beforeAll(async () => {
  // Jobs run only when the test drains them, so each step can be looked at.
  app = await createTestApp({ jobsConcurrency: 0 });
  video = await generateVideo(3, 'mov');
});
afterAll(() => app.close());

const upload = (headers: Record<string, string>, data: Buffer, field = 'welcomeVideo') => {
  const form = new FormData();
  form.append(field, new Blob([data]), 'hello.mov');
  return app.inject({ method: 'POST', url: '/api/performers/welcome-video/upload', headers, payload: form });
};

describe('welcome video', () => {
  it('is processed into a seekable H.264 MP4 with a poster, then shown to visitors', async () => {
    const creator = await verifiedPerformer(app);
    const uploaded = await upload(creator.headers, video);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().welcomeVideo).toMatchObject({ status: 'processing', url: null });
    const page = `/api/performers/${creator.user.username}`;
    expect((await app.inject(page)).json().welcomeVideo).toBeNull();

    await app.deps.jobs.drain();

    const account = (await app.inject({ url: '/api/performers/me', headers: creator.headers })).json();
    const welcome = account.welcomeVideo;
    expect(welcome).toMatchObject({ status: 'finished', width: 640, height: 360, error: null });
    expect(welcome.duration).toBeGreaterThan(2.8);
    expect(welcome.duration).toBeLessThan(3.3);
    expect(welcome.url).toMatch(/^\/api\/media\/public\/videos\/[0-9a-f-]+\.mp4$/);
    expect((await app.inject(page)).json().welcomeVideo).toEqual(welcome);

    const served = await app.inject(welcome.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    // faststart: the index (moov) comes before the media data (mdat).
    const bytes = served.rawPayload.toString('latin1');
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    expect(bytes).toContain('avc1');

    const partial = await app.inject({ url: welcome.url, headers: { range: 'bytes=10-19' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 10-19/${served.rawPayload.length}`);
    expect(partial.rawPayload.equals(served.rawPayload.subarray(10, 20))).toBe(true);
    const beyond = await app.inject({ url: welcome.url, headers: { range: `bytes=${served.rawPayload.length}-` } });
    expect(beyond.statusCode).toBe(416);

    const poster = await app.inject(welcome.thumbnailUrl);
    expect(poster.headers['content-type']).toBe('image/webp');

    const replaced = await upload(creator.headers, await generateVideo(1, 'webm'));
    expect(replaced.json().welcomeVideo.status).toBe('processing');
    expect((await app.inject(welcome.url)).statusCode).toBe(404);
    await app.deps.jobs.drain();
    expect((await app.inject(page)).json().welcomeVideo.duration).toBeLessThan(1.5);

    const removed = await app.inject({ method: 'DELETE', url: '/api/performers/welcome-video', headers: creator.headers });
    expect(removed.json().welcomeVideo).toBeNull();
  });

  it('refuses at once a file that only looks like a video, and keeps nothing of it', async () => {
    const creator = await verifiedPerformer(app);
    // An MP4 signature followed by garbage: it passes the first-bytes check, not ffprobe.
    const fake = Buffer.concat([Buffer.from('000000186674797069736f6d', 'hex'), Buffer.alloc(4096, 7)]);
    const refused = await upload(creator.headers, fake);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().details).toEqual([{ field: 'welcomeVideo', message: 'is not a video we can play' }]);
    const account = (await app.inject({ url: '/api/performers/me', headers: creator.headers })).json();
    expect(account.welcomeVideo).toBeNull();
  });

  it('refuses a text file named .mov, the wrong field, and fans', async () => {
    const creator = await verifiedPerformer(app);
    const text = await upload(creator.headers, Buffer.from('just some text, not a video at all'));
    expect(text.statusCode).toBe(415);
    expect(text.json().details).toEqual([{ field: 'welcomeVideo', message: 'must be an MP4, MOV, WebM or AVI video' }]);
    expect((await upload(creator.headers, video, 'video')).statusCode).toBe(400);
    const fan = await signedIn(app, 'user');
    expect((await upload(fan.headers, video)).statusCode).toBe(403);
  });
});
