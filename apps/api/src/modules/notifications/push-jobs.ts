import { z } from 'zod';
import { jobKind } from '../../platform/jobs';

/** Pushes one new notification to its owner's sockets (the bell). */
export const PUSH_JOB = jobKind('notifications.push', z.object({ notificationId: z.string() }));
/** Pushes a batch of notifications recorded at once (`notifyMany`) to their owners' sockets. */
export const PUSH_MANY_JOB = jobKind('notifications.push-many', z.object({ notificationIds: z.array(z.string()) }));
