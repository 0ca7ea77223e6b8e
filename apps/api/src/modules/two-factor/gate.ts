import { ErrorCode } from '@limelight/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { may } from '../access';
import { hasSecondFactor } from './factors';

/**
 * What an admin without a second factor may still reach: their account, enrolment, signing out,
 * and the public reads every page's frame makes for any visitor (the country check, the country
 * list, the footer's pages), which hold nothing an account opens.
 */
const OPEN_BEFORE_ENROLMENT = new Set([
  'GET /api/users/me',
  'GET /api/settings/public',
  'GET /api/media/*',
  'POST /api/auth/logout',
  'GET /api/block/countries/check',
  'GET /api/countries/list',
  'GET /api/posts/search',
]);
const ENROLMENT_ROUTE = /^\/api\/auth\/(2fa|passkeys)(\/|$)/;

export const enrolmentRequired = () =>
  new AppError(
    403,
    ErrorCode.secondFactorEnrolmentRequired,
    'Set up a second factor (an authenticator app or a passkey) before anything else',
  );

/**
 * Admins must have a second factor (decision 048): one who has none, signed in, can reach only
 * the enrolment routes (and their account and signing out) until they set one up. Runs after the
 * session is read; one indexed lookup, for admins' requests only.
 */
/** Whether this account must have a second factor before it may do anything else. */
export const mustHaveSecondFactor = (deps: Pick<Deps, 'config'>, user: Pick<SessionUser, 'id' | 'role'>) =>
  deps.config.requireAdminSecondFactor && !may(user, 'signIn.withoutSecondFactor', null);

export function registerSecondFactorGate(app: FastifyInstance, deps: Pick<Deps, 'db' | 'config' | 'realtime'>) {
  // Sockets too: such an admin gets no socket (the same refusal, as `auth/error`) until enrolled.
  deps.realtime.gate(async (user) =>
    mustHaveSecondFactor(deps, user) && !(await hasSecondFactor(deps.db, user.id)) ? enrolmentRequired() : undefined,
  );
  // A callback hook: the requests of everyone but admins (nearly all) cost no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const user = request.session?.user;
    if (!user || !mustHaveSecondFactor(deps, user)) return done();
    const route = request.routeOptions.url;
    if (!route || ENROLMENT_ROUTE.test(route) || OPEN_BEFORE_ENROLMENT.has(`${request.method} ${route}`)) return done();
    hasSecondFactor(deps.db, user.id).then((enrolled) => done(enrolled ? undefined : enrolmentRequired()), done);
  });
}
