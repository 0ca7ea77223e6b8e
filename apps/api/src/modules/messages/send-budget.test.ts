import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { fundWallet, PNG, signedIn, subscribe, verifiedPerformer } from '../../../test/factories';

type Account = Awaited<ReturnType<typeof signedIn>>;
// Two API processes on one database: the budget must hold across them.
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({}, { database: first.database });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const post = (app: TestApp, url: string, as: Account, payload: object | FormData) =>
  app.inject({ method: 'POST', url: `/api${url}`, headers: as.headers, payload });
const text = (app: TestApp, as: Account, conversationId: string) =>
  post(app, `/messages/conversations/${conversationId}`, as, { text: 'hello' });
const photo = (app: TestApp, as: Account, conversationId: string) => {
  const form = new FormData();
  form.append('conversationId', conversationId);
  form.append('text', 'a photo');
  form.append('file', new Blob([PNG]), 'photo.png');
  return post(app, '/messages/private/file/photo', as, form);
};
const tip = (app: TestApp, as: Account, creator: Account, conversationId?: string) =>
  post(app, `/wallet/charges/tip/${creator.user.id}`, as, { price: 10, message: 'thanks', ...(conversationId ? { conversationId } : {}) });

describe('the message budget shared by every route that sends a message', () => {
  it('lets an account send 60 a minute over all routes and both processes, refuses the 61st on any, and leaves others alone', async () => {
    const creator = await verifiedPerformer(first);
    const fan = await signedIn(first, 'user');
    await subscribe(first, fan.user.id, creator.user.id);
    await fundWallet(first, fan.user.id, 1000);
    const opened = await post(first, '/conversations', fan, { source: 'performer', sourceId: creator.user.id });
    expect(opened.statusCode, opened.body).toBe(200);
    const conversationId = opened.json()._id as string;

    const sends = [
      ...Array.from({ length: 20 }, () => () => text(first, fan, conversationId)),
      ...Array.from({ length: 20 }, () => () => text(second, fan, conversationId)),
      ...Array.from({ length: 10 }, (_, n) => () => photo(n % 2 ? first : second, fan, conversationId)),
      ...Array.from({ length: 10 }, (_, n) => () => tip(n % 2 ? first : second, fan, creator, conversationId)),
    ];
    for (const send of sends) {
      const sent = await send();
      expect(sent.statusCode, sent.body).toBe(200);
    }

    for (const refused of [
      await text(second, fan, conversationId),
      await photo(first, fan, conversationId),
      await tip(second, fan, creator, conversationId),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^You can send at most 60 messages a minute: please try again in \d+ seconds?$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // A tip that carries no message is not a message; the other member still writes.
    expect((await tip(first, fan, creator)).statusCode).toBe(200);
    const answer = await text(second, creator, conversationId);
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
