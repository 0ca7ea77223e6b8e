import type { IncomingMessage, ServerResponse } from 'node:http';
import { redirect } from './http';

/** What Stripe asks a new Express account for before it may be paid out to. */
const ONBOARDING_REQUIREMENTS = ['business_type', 'external_account', 'individual.first_name', 'tos_acceptance.date'];

type FakeAccount = {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  metadata: Record<string, string>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    pending_verification: string[];
    disabled_reason: string | null;
  };
};
type FakeLink = { account: string; returnUrl: string; refreshUrl: string; used: boolean; expiresAt: number };

type Answer = (status: number, body: unknown) => void;
type Deliver = (type: string, object: object) => Promise<void>;

const page = (response: ServerResponse, title: string, body: string, status = 200) =>
  response
    .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><html lang="en"><title>${title}</title><main><h1>${title}</h1>${body}</main></html>`);

/**
 * Stripe Connect as the fake of Stripe's API serves it: Express accounts (`POST /v1/accounts`,
 * `GET /v1/accounts/{id}`) and account links (`POST /v1/account_links`) as Stripe's API reference
 * documents them, and a stand-in for Stripe's hosted onboarding: a link opens a page on the fake
 * whose form submits the details and goes back to the link's `return_url`; a used or expired link
 * goes to its `refresh_url`, as Stripe does. With `verification: 'pending'` an account waits in
 * pending verification until `verify` is called. Each change is sent as `account.updated`.
 */
export function fakeStripeConnect(next: (prefix: string) => string, deliver: Deliver) {
  const accounts = new Map<string, FakeAccount>();
  const links = new Map<string, FakeLink>();
  let verification: 'instant' | 'pending' = 'instant';

  const update = async (account: FakeAccount, changes: Partial<FakeAccount>) => {
    Object.assign(account, changes);
    await deliver('account.updated', account);
  };

  /** Answers a Connect request; false when the request is not one. */
  async function handle(request: IncomingMessage, response: ServerResponse, form: URLSearchParams, url: URL, answer: Answer) {
    const path = url.pathname;
    if (request.method === 'POST' && path === '/v1/accounts') {
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const account: FakeAccount = {
        id: next('acct'),
        object: 'account',
        type: form.get('type') ?? 'express',
        email: form.get('email'),
        metadata,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: [...ONBOARDING_REQUIREMENTS],
          eventually_due: [...ONBOARDING_REQUIREMENTS],
          past_due: [],
          pending_verification: [],
          disabled_reason: 'requirements.past_due',
        },
      };
      accounts.set(account.id, account);
      answer(200, account);
      return true;
    }
    const one = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && one) {
      const account = accounts.get(one[1]!);
      if (!account)
        answer(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such account: '${one[1]}'` } });
      else answer(200, account);
      return true;
    }
    if (request.method === 'POST' && path === '/v1/account_links') {
      const account = form.get('account') ?? '';
      const returnUrl = form.get('return_url');
      const refreshUrl = form.get('refresh_url');
      if (!accounts.has(account)) {
        answer(400, { error: { type: 'invalid_request_error', param: 'account', message: `No such account: '${account}'` } });
      } else if (!returnUrl || !refreshUrl || form.get('type') !== 'account_onboarding') {
        answer(400, {
          error: { type: 'invalid_request_error', message: 'return_url, refresh_url and type=account_onboarding are required' },
        });
      } else {
        const id = next('link');
        const created = Math.floor(Date.now() / 1000);
        links.set(id, { account, returnUrl, refreshUrl, used: false, expiresAt: created + 300 });
        answer(200, { object: 'account_link', created, expires_at: created + 300, url: `${url.origin}/connect/onboarding/${id}` });
      }
      return true;
    }
    const onboarding = /^\/connect\/onboarding\/([^/]+)$/.exec(path);
    if (onboarding) {
      const link = links.get(onboarding[1]!);
      if (!link) {
        page(response, 'This link is not valid', '', 404);
        return true;
      }
      // An account link works once and for a few minutes; after that Stripe sends the person to refresh_url.
      if (link.used || link.expiresAt * 1000 < Date.now()) {
        redirect(response, link.refreshUrl);
        return true;
      }
      if (request.method === 'GET') {
        page(
          response,
          'Stripe test onboarding',
          `<p>Account ${link.account}</p><form method="post"><label>Legal name <input name="name" value="Test Creator"></label>
          <button type="submit" name="submit" value="details">Submit details</button>
          <button type="submit" name="submit" value="later">Finish later</button></form>`,
        );
        return true;
      }
      link.used = true;
      const account = accounts.get(link.account)!;
      if (form.get('submit') === 'details') {
        const enabled = verification === 'instant';
        await update(account, {
          details_submitted: true,
          charges_enabled: enabled,
          payouts_enabled: enabled,
          requirements: {
            currently_due: [],
            eventually_due: [],
            past_due: [],
            pending_verification: enabled ? [] : ['individual.verification.document'],
            disabled_reason: enabled ? null : 'requirements.pending_verification',
          },
        });
      }
      redirect(response, link.returnUrl);
      return true;
    }
    return false;
  }

  return {
    handle,
    accounts,
    /** How submitted details are treated: at once (`instant`) or left in pending verification. */
    setVerification(mode: 'instant' | 'pending') {
      verification = mode;
    },
    /** Stripe finishing its checks: the account may be paid out to. */
    async verify(accountId: string) {
      const account = accounts.get(accountId)!;
      await update(account, {
        charges_enabled: true,
        payouts_enabled: true,
        requirements: { ...account.requirements, pending_verification: [], disabled_reason: null },
      });
    },
    /** The link a person would open, expired, as if they came back to it too late. */
    expireLinks() {
      for (const link of links.values()) link.expiresAt = 0;
    },
  };
}
