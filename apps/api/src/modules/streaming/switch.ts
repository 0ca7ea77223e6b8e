import type { Deps } from '../../deps';
import { liveStreamingOn } from './open';
import { endPrivateShow } from './private-shows';
import { openShowIds } from './repo/private-shows';
import { endAllLiveSessions } from './repo/sessions';
import { announceEnded, endStaleSessions } from './sessions';

/**
 * Live streaming was turned off: every live session ends as if an admin ended it (each row once,
 * whichever process gets it), and so does every accepted or running private show (its minutes
 * stop: nobody may call any more).
 */
export async function endAllLive(deps: Deps) {
  const rows = await endAllLiveSessions(deps.db);
  for (const row of rows) announceEnded(deps, row.id, 'admin');
  const shows = await openShowIds(deps.db);
  for (const show of shows) await endPrivateShow(deps, show.id, 'performer');
  return rows.length;
}

/** How often each job-working process looks for sessions whose broadcaster went quiet. */
const STALE_CHECK_MS = 15_000;

/**
 * The periodic task (every process that works jobs may run it; an update takes each row once):
 * sessions whose broadcaster went quiet end, and while live streaming is off, whatever is live
 * ends (a process that missed the switch's announcement still does). The switch itself ends them
 * at once on every process, as its change reaches each one's settings.
 */
export function registerStreamingJobs(deps: Deps) {
  deps.jobs.every('streaming.end-stale', STALE_CHECK_MS, () => (liveStreamingOn(deps) ? endStaleSessions(deps) : endAllLive(deps)));
  deps.settings.onChange((changed) => {
    if (!changed.includes('enableLiveStreaming') || liveStreamingOn(deps)) return;
    endAllLive(deps).catch((error: unknown) => deps.log.error({ err: error }, 'ending live sessions failed'));
  });
}
