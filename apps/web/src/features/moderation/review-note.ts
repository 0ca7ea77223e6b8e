import type { ModerationHold } from '@limelight/contracts';

/**
 * A save's toast: what happened, or, for an item a review before publication holds (decision 054),
 * `held` and that fans see it only once an administrator approves it. "Published" would be untrue.
 */
export const savedMessage = (item: { moderation?: ModerationHold | null }, done: string, held = done) =>
  item.moderation?.prePublication ? `${held}. It waits for review: fans see it once an administrator approves it` : done;
