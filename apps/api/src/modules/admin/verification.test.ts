import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { login, PNG, refusedFields, registerPerformer, signedIn } from '../../../test/factories';
import { readOutbox } from '../../../test/mail';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  app = await createTestApp();
  admin = await signedIn(app, 'admin');
});
afterAll(() => app.close());

const decide = (id: string, payload: object, headers = admin.headers) =>
  app.inject({ method: 'PUT', url: `/api/admin/performers/${id}/verify-documents`, headers, payload });
const queue = async () => {
  const response = await app.inject({
    method: 'GET',
    url: '/api/admin/accounts?role=performer&verification=pending&limit=100',
    headers: admin.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Array<{ _id: string; verification: { status: string; reason: string | null; submittedAt: string } }>;
};
const account = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/api/performers/me', headers })).json() as {
    verification: { status: string; reason: string | null; decidedAt: string | null };
  };
const trail = async (id: string) =>
  (await app.inject({ method: 'GET', url: `/api/admin/audit?targetId=${id}&sort=asc`, headers: admin.headers })).json().data as Array<{
    action: string;
    reason: string | null;
  }>;

describe('document verification with reasons (decision 051)', () => {
  it('rejects with a reason the creator reads and is mailed; a resubmission waits for review again; each decision is audited', async () => {
    const creator = await registerPerformer(app);
    const headers = { authorization: `Bearer ${await login(app, creator.username)}` };
    expect((await account(headers)).verification).toEqual({ status: 'pending', reason: null, decidedAt: null });
    expect((await queue()).map((row) => row._id)).toContain(creator._id);
    const searched = await app.inject({
      url: `/api/admin/accounts?role=performer&verification=pending&q=${creator.username}&offset=0&limit=10&sortBy=updatedAt&sort=desc`,
      headers: admin.headers,
    });
    expect(
      searched.json().data.map((row: { _id: string }) => row._id),
      searched.body,
    ).toEqual([creator._id]);

    const reason = 'The selfie does not show your face next to the ID';
    const rejected = await decide(creator._id, { verified: false, reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().message).toBe('Documents rejected');
    const seen = await account(headers);
    expect(seen.verification).toMatchObject({ status: 'rejected', reason });
    expect(seen.verification.decidedAt).not.toBeNull();
    expect((await queue()).map((row) => row._id)).not.toContain(creator._id);
    const mail = (await readOutbox(app)).filter((message) => JSON.stringify(message.to).includes(creator.email));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('needs another look');
    expect(mail[0]!.text).toContain(reason);

    // The creator sends a new selfie: the reason is answered, the review queue has them again.
    const form = new FormData();
    form.append('documentVerification', new Blob([PNG]), 'selfie.png');
    const resent = await app.inject({ method: 'POST', url: '/api/performers/documents/upload', headers, payload: form });
    expect(resent.statusCode, resent.body).toBe(200);
    expect((await account(headers)).verification).toEqual({ status: 'pending', reason: null, decidedAt: null });
    const waiting = (await queue()).find((row) => row._id === creator._id);
    expect(waiting?.verification.status).toBe('pending');

    expect((await decide(creator._id, { verified: true })).statusCode).toBe(200);
    expect((await account(headers)).verification.status).toBe('verified');
    expect(await trail(creator._id)).toEqual([
      expect.objectContaining({ action: 'creator.reject', reason }),
      expect.objectContaining({ action: 'creator.verify', reason: null }),
    ]);
  });

  it("keeps the spec's body: verified alone approves (and says so by e-mail) or withdraws (silently)", async () => {
    const creator = await registerPerformer(app);
    expect((await decide(creator._id, { verified: true })).json().message).toBe('Documents verified');
    const withdrawn = await decide(creator._id, { verified: false });
    expect(withdrawn.json().message).toBe('Verification withdrawn');
    expect((await trail(creator._id)).map((row) => row.action)).toEqual(['creator.verify', 'creator.unverify']);
    const mail = (await readOutbox(app)).filter((message) => JSON.stringify(message.to).includes(creator.email));
    expect(mail.map((message) => message.subject)).toEqual([expect.stringContaining('is verified')]);
  });

  it('refuses a bad reason naming the field, and anyone but an admin', async () => {
    const creator = await registerPerformer(app);
    const blank = await decide(creator._id, { verified: false, reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(refusedFields(blank)).toEqual(['reason']);
    expect(refusedFields(await decide(creator._id, { verified: false, reason: 'x'.repeat(1001) }))).toEqual(['reason']);
    const other = await signedIn(app, 'performer');
    expect((await decide(creator._id, { verified: true }, other.headers)).statusCode).toBe(403);
  });
});
