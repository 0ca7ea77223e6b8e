import { type FakeServer, sendJson, startFakeServer } from './http';

/** A local stand-in for reCAPTCHA's siteverify: accepts the tokens it is told to, for one secret. */
export async function startFakeRecaptcha(secret: string) {
  const accepted = new Set<string>();
  const checks: Array<Record<string, string>> = [];
  const server: FakeServer = await startFakeServer((request, response, body, url) => {
    if (request.method !== 'POST' || url.pathname !== '/recaptcha/api/siteverify') return sendJson(response, 404, {});
    const form = Object.fromEntries(new URLSearchParams(body));
    checks.push(form);
    if (form.secret !== secret) return sendJson(response, 200, { success: false, 'error-codes': ['invalid-input-secret'] });
    const ok = accepted.delete(form.response ?? '');
    return sendJson(
      response,
      200,
      ok ? { success: true, hostname: 'localhost' } : { success: false, 'error-codes': ['invalid-input-response'] },
    );
  });
  return {
    ...server,
    checks,
    /** A token the widget would hand a human; each is good once, as at Google. */
    solve: () => {
      const token = `solved-${accepted.size}-${Date.now()}`;
      accepted.add(token);
      return token;
    },
  };
}
