import type { FeedAudience, FeedType } from '@limelight/contracts';

/** Each kind of post as the creator reads it. */
export const feedTypeLabels: Record<FeedType, string> = { text: 'Text', photo: 'Photos', video: 'Video', audio: 'Audio' };

/** Who sees a post, as the creator chooses it and reads it back in their list. */
export const audienceLabels: Record<FeedAudience, string> = {
  everyone: 'Everyone (free)',
  subscribers: 'Subscribers',
  sale: 'Pay to unlock',
};

/** A post's status in the creator's list: fans see an active post, not a hidden one. */
export const feedStatusLabels = { active: 'Published', inactive: 'Hidden' } as const;
