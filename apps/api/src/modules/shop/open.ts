import { ErrorCode } from '@limelight/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../platform/errors';

/** The admin's `enableProduct` switches the whole shop: off, its routes and products answer 404 saying so. */
export function assertShopOpen(deps: Pick<Deps, 'settings'>) {
  if (!deps.settings.get('enableProduct')) throw new AppError(404, ErrorCode.notFound, 'The shop is not open on this site');
}
