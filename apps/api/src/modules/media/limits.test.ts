import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MEDIA_LIMITS } from '@limelight/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signedIn, verifiedPerformer } from '../../../test/factories';
import { jpeg } from '../../../test/hostile-files';
import { generateVideo } from '../../../test/media';
import { files } from '../../db/schema';
import { FfmpegTimeout, runFfmpeg, transcodeToMp4 } from '../../platform/ffmpeg';

let app: TestApp;
let work: string;
beforeAll(async () => {
  // No worker: uploads stay "processing", as they would behind a busy queue.
  app = await createTestApp({ jobsConcurrency: 0 });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-limits-'));
});
afterAll(async () => {
  await app.close();
  await fs.rm(work, { recursive: true, force: true });
});

/** A tiny real video from ffmpeg's test sources: cheap to make however long or large it claims to be. */
async function sample(name: string, source: string) {
  const file = path.join(work, `${name}.mov`);
  await runFfmpeg(['-f', 'lavfi', '-i', source, '-c:v', 'mpeg4', file]);
  return fs.readFile(file);
}

const upload = (headers: Record<string, string>, data: Buffer, kind = 'video') => {
  const form = new FormData();
  form.append('file', new Blob([data]), `clip.mov`);
  return app.inject({ method: 'POST', url: `/api/performer/feeds/${kind}/upload`, headers, payload: form });
};
const storedUploads = async () => (await fs.readdir(path.join(app.dataDir, 'storage/private/uploads')).catch(() => [])).length;

describe('media limits', () => {
  it('refuses a video longer, larger or faster than the limits, naming the limit, and keeps nothing of it', async () => {
    const creator = await verifiedPerformer(app);
    const before = await storedUploads();
    const cases = [
      [`color=c=black:s=16x16:r=1:d=${MEDIA_LIMITS.maxVideoSeconds + 60}`, 'the limit is 120 minutes'],
      ['testsrc=size=4000x200:rate=1:duration=1', 'is 4000x200 pixels; the limit is 3840x2160'],
      ['testsrc=size=2400x2400:rate=1:duration=1', 'the limit is 3840x2160'],
      ['testsrc=size=64x64:rate=120:duration=1', 'runs at 120 frames a second; the limit is 60'],
    ] as const;
    for (const [source, limit] of cases) {
      const response = await upload(creator.headers, await sample(source.replace(/\W/g, '_'), source));
      expect(response.statusCode, source).toBe(422);
      expect(response.json().message).toContain(limit);
      expect(response.json().details).toEqual([{ field: 'file', message: expect.stringContaining(limit) }]);
    }
    expect(await storedUploads()).toBe(before);
    expect(await app.deps.db.select().from(files).where(eq(files.ownerId, creator.user.id))).toEqual([]);
  });

  it('refuses a file that only looks like a video: 120 MB of zeros behind an MP4 header', async () => {
    const creator = await verifiedPerformer(app);
    const fake = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(120 * 1024 * 1024)]);
    const response = await upload(creator.headers, fake);
    expect(response.statusCode).toBe(415);
    expect(response.json().details).toEqual([{ field: 'file', message: 'is not a video we can play' }]);
  });

  it('lets one account have a few uploads processing at once, then asks it to wait', async () => {
    const creator = await verifiedPerformer(app);
    const clip = await generateVideo(1);
    for (let i = 0; i < MEDIA_LIMITS.maxProcessingPerAccount; i++) expect((await upload(creator.headers, clip)).statusCode).toBe(200);
    const refused = await upload(creator.headers, clip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain(`${MEDIA_LIMITS.maxProcessingPerAccount} uploads still processing`);
    // Another creator is not held up by this one's quota.
    expect((await upload((await verifiedPerformer(app)).headers, clip)).statusCode).toBe(200);
  });

  it('holds each account to its media budget: what it keeps stored and what it has processed in a day', async () => {
    const fan = await signedIn(app, 'user');
    const messageUpload = (kind: 'photo' | 'video', data: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([data]), kind === 'photo' ? 'photo.jpg' : 'clip.mov');
      return app.inject({ method: 'POST', url: `/api/messages/public/file/${kind}`, headers: fan.headers, payload: form });
    };
    // Half an hour of video processed today already: the fan's day is used up, and told when it frees.
    const [earlier] = await app.deps.db
      .insert(files)
      .values({
        ownerId: fan.user.id,
        type: 'message-video',
        storageKey: 'private/earlier',
        mimeType: 'video/mp4',
        size: 1000,
        duration: 30 * 60,
      })
      .returning();
    const clip = await generateVideo(1);
    const overDay = await messageUpload('video', clip);
    expect(overDay.statusCode, overDay.body).toBe(429);
    expect(overDay.json().message).toBe(
      'You uploaded 30 minutes of audio and video in the last 24 hours; an account may upload 30 minutes a day: upload this one later',
    );
    // Yesterday's half hour no longer counts.
    await app.deps.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(files.id, earlier!.id));
    expect((await messageUpload('video', clip)).statusCode).toBe(200);

    // Stored: one picture short of the fan's 2 GB.
    await app.deps.db
      .update(files)
      .set({ size: MEDIA_LIMITS.maxStoredBytes.user - 1000 })
      .where(eq(files.id, earlier!.id));
    const full = await messageUpload('photo', await jpeg());
    expect(full.statusCode, full.body).toBe(422);
    expect(full.json().message).toBe('Your uploads take 2.0 GB of the 2.0 GB an account may keep: delete some to upload this one');
    // A creator's budget is their own, and larger.
    expect((await upload((await verifiedPerformer(app)).headers, clip)).statusCode).toBe(200);
  });

  it('kills an ffmpeg run at its time limit', async () => {
    const input = path.join(work, 'input.mov');
    await fs.writeFile(input, await generateVideo(3));
    await expect(transcodeToMp4(input, path.join(work, 'out.mp4'), { timeoutMs: 50, threads: 1 })).rejects.toBeInstanceOf(FfmpegTimeout);
  });
});
