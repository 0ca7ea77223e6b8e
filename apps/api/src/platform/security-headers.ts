import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * What helmet sets for the web app's pages, worked out once at start: @fastify/helmet builds
 * helmet's middleware anew on every request (parsing the content security policy each time),
 * which cost more than the route. Our policy has no per-request part (no nonces), so the headers
 * are the same for every answer.
 */
const policy = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // reCAPTCHA's widget is a script from google.com that draws in an iframe; Stripe.js
      // draws its card field and 3-D Secure pages in frames and calls Stripe's API. Google
      // Analytics, once a visitor accepts it (decision 078): gtag.js from Google's tag host, and
      // its hits to the regional collection hosts, as Google's CSP guide lists them for GA4
      // (images are already allowed from any https origin).
      scriptSrc: ["'self'", 'https://www.google.com', 'https://www.gstatic.com', 'https://js.stripe.com', 'https://*.googletagmanager.com'],
      frameSrc: ["'self'", 'https://www.google.com', 'https://js.stripe.com', 'https://hooks.stripe.com'],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      connectSrc: [
        "'self'",
        'ws:',
        'wss:',
        'https://api.stripe.com',
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
        'https://*.googletagmanager.com',
      ],
      fontSrc: ["'self'", 'data:'],
    },
  },
};

function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => undefined,
  };
  helmet(policy)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What an API answer keeps of them. The rest (the content security policy, COOP, Origin-Agent-
 * Cluster, X-Frame-Options, Referrer-Policy, X-XSS-Protection, X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies) governs a document the browser renders:
 * what it may load, run or send, who may frame it. An API answer is not one: its JSON (which may
 * quote what users wrote) is never rendered as a page under `nosniff`, media is loaded by the app's
 * pages as subresources, and the uploads a browser could render are sent with their own
 * `sandbox; default-src 'none'` policy (identity documents, shop downloads). The API sends no
 * redirects, so Referrer-Policy has nothing to govern either. Those headers were two thirds of a
 * small answer's bytes (about 700 of 1,200), which the kernel and the client pay on every
 * request (decision 019).
 */
const API_KEPT = [
  // A JSON answer is never sniffed into HTML or script.
  'x-content-type-options',
  // Any HTTPS answer tells the browser to use HTTPS only, the API's first one included.
  'strict-transport-security',
  // Other sites cannot pull API answers or media into their pages (Spectre-class reads).
  'cross-origin-resource-policy',
];

/** Under /api except the OpenAPI page, which is HTML and keeps the app's headers. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Every answer carries its security headers and its request id, set before the route runs so
 * errors and 404s carry them too: the web app's pages (and anything outside /api) helmet's full
 * set, API answers the part of it that applies to them. A route may still replace one (the API
 * docs page sets its own policy, uploads a sandbox).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const pageHeaders = securityHeaders();
  const apiHeaders = Object.fromEntries(API_KEPT.map((name) => [name, pageHeaders[name]!]));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
}
