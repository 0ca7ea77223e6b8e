import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth';
import { forbidden } from '../../platform/errors';
import { documentedGuard } from '../../platform/openapi';
import { type Action, may, type Subject } from './actions';

/** The actions decided on the caller alone (no subject): what a route guard can ask before the handler. */
type CallerAction = { [A in Action]: Subject<A> extends null ? A : never }[Action];

/**
 * A route guard (`preHandler`): the caller must be signed in and may do `action` at all, or the
 * request is refused with a 403 saying which accounts may (decision 043: the guards ask the
 * vocabulary, so no role is compared outside modules/access).
 */
export const requireMay = (action: CallerAction, who: string) =>
  documentedGuard(async (request: FastifyRequest): Promise<void> => {
    await requireUser(request);
    if (!may(request.session!.user, action, null)) throw forbidden(`Only ${who} accounts may do this`);
  }, 'role');

/** Every `/admin` route. */
export const requireAdmin = requireMay('admin.use', 'admin');
/** A creator's own tools. */
export const requirePerformer = requireMay('creator.use', 'performer');
/** A fan's own tools (orders, addresses, digital purchases). */
export const requireFan = requireMay('fan.use', 'user');
/** The block lists. */
export const requireBlockList = requireMay('blockList.use', 'user or performer');
/** A shop's orders, worked by its seller or an admin. */
export const requireOrdersManager = requireMay('orders.manage', 'performer or admin');
