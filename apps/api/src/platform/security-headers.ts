import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * What helmet sets, worked out once at start: @fastify/helmet builds helmet's middleware anew on
 * every request (parsing the content security policy each time), which cost more than the route.
 * Our policy has no per-request part (no nonces), so the headers are the same for every answer.
 */
const policy = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // reCAPTCHA's widget is a script from google.com that draws in an iframe; Stripe.js
      // draws its card field and 3-D Secure pages in frames and calls Stripe's API.
      scriptSrc: ["'self'", 'https://www.google.com', 'https://www.gstatic.com', 'https://js.stripe.com'],
      frameSrc: ["'self'", 'https://www.google.com', 'https://js.stripe.com', 'https://hooks.stripe.com'],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      connectSrc: ["'self'", 'ws:', 'wss:', 'https://api.stripe.com'],
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
 * Every answer carries helmet's headers and its request id, set before the route runs so errors
 * and 404s carry them too. A route may still replace one (the API docs page sets its own policy).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}
