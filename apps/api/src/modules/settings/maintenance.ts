import type { Role } from '@limelight/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { siteInMaintenance } from '../../platform/errors';
import { passesMaintenance } from '../access';

/**
 * What the maintenance page and the staff entrance need while everyone else is held out: the
 * public settings (the page's name, and its image among the public media), the country check, signing in (which opens
 * sessions for admins only) and out, and the health checks.
 */
const OPEN_DURING_MAINTENANCE = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/settings/public',
  'GET /api/media/*',
  'POST /api/settings/keys',
  'GET /api/block/countries/check',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'POST /api/auth/token-login',
  'POST /api/auth/2fa',
  'POST /api/auth/2fa/passkey-options',
  'POST /api/auth/passkeys/sign-in/options',
  'POST /api/auth/passkeys/sign-in',
  'POST /api/auth/google/login',
  'POST /api/auth/google/token',
  'POST /api/auth/twitter/login',
  'POST /api/auth/twitter/callback',
]);

/**
 * Maintenance mode closes the API to everyone but admins (decisions 005 and 037), a fan signed in
 * before it was switched on included: the spec's "maintenance mode blocks everyone". Runs after
 * the session is read, so it knows who asks; an unknown path keeps its 404. Realtime too: a
 * socket cannot sign in meanwhile, and those open close as the switch reaches each process.
 */
export function registerMaintenanceGate(app: FastifyInstance, deps: Pick<Deps, 'settings' | 'realtime' | 'log'>) {
  const inMaintenance = (user: { role: Role } | undefined) => deps.settings.get('maintenanceMode') && !passesMaintenance(user);
  deps.realtime.gate((user) => (inMaintenance(user) ? siteInMaintenance() : undefined));
  deps.settings.onChange((changed) => {
    if (!changed.includes('maintenanceMode') || !deps.settings.get('maintenanceMode')) return;
    deps.realtime.enforceGates().catch((error: unknown) => deps.log.error({ err: error }, 'closing sockets for maintenance failed'));
  });
  app.addHook('onRequest', (request, _reply, done) => {
    if (!inMaintenance(request.session?.user)) return done();
    const route = request.routeOptions.url;
    if (!route || OPEN_DURING_MAINTENANCE.has(`${request.method} ${route}`)) return done();
    done(siteInMaintenance());
  });
}
