/** What other modules may read of the moderation module's tables (decision 074): reads only; `npm run lint` refuses a write through them. */

export type { HoldState, ReportStatus } from '../schema/moderation';
export { moderationHolds, reports, takedownCases } from '../schema/moderation';
