import { fromCents } from '@limelight/contracts';
import type { Deps } from '../../deps';

/** Tells the account's open tabs its new balance (`update_balance`), after the money moved. */
export function notifyBalance(deps: Pick<Deps, 'realtime'>, userId: string, balanceCents: number) {
  deps.realtime.toUser(userId).emit('update_balance', { balance: fromCents(balanceCents) });
}
