import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { subscribedPair } from '../../../test/factories';
import { jpeg } from '../../../test/hostile-files';
import { files } from '../../db/schema';
import { sweepUnsentUploads } from './unsent-uploads';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

describe('message uploads never sent (decision 062)', () => {
  it('removes message uploads never sent after a day, and keeps the sent ones', async () => {
    const { fan, conversationId } = await subscribedPair(app);
    const photo = async () => {
      const form = new FormData();
      form.append('file', new Blob([await jpeg()]), 'photo.jpg');
      return (await app.inject({ method: 'POST', url: '/api/messages/public/file/photo', headers: fan.headers, payload: form })).json()._id;
    };
    const [sentId, unsentId] = [await photo(), await photo()];
    const sent = await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      headers: fan.headers,
      payload: { text: 'Look', fileIds: [sentId] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [unsent] = await app.deps.db.select().from(files).where(eq(files.id, unsentId));

    const kept = async () =>
      (await app.deps.db.select({ id: files.id }).from(files).where(eq(files.ownerId, fan.user.id))).map((row) => row.id);
    await sweepUnsentUploads(app.deps);
    expect((await kept()).sort()).toEqual([sentId, unsentId].sort());
    await sweepUnsentUploads(app.deps, new Date(Date.now() + 25 * 3_600_000));
    expect(await kept()).toEqual([sentId]);
    await expect(app.deps.storage.read(unsent!.storageKey)).rejects.toThrow();
  });
});
