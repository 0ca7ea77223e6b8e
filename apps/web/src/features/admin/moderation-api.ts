import { endpoints } from '../../shared/api/generated/admin';

/** The report queue and moderation (decisions 046, 054), as the admin's pages use them. */
export const moderationApi = endpoints.enhanceEndpoints({
  endpoints: {
    /** The queue: one row per reported target (decision 046). */
    adminListReportGroups: { providesTags: ['Reports'] },
    adminGetReportedContent: { providesTags: ['Reports'] },
    adminDismissReports: { invalidatesTags: ['Reports'] },
    /** Hide, remove or restore a piece of content (decision 046), from the report queue or the content screens. */
    adminModerateContent: { invalidatesTags: ['Reports', 'AdminEntities', 'Audit'] },
    /** Publishes an item held for review before publication (decision 054). */
    adminApproveContent: { invalidatesTags: ['Reports', 'AdminEntities', 'Audit'] },
    adminListModerationAppeals: { providesTags: ['Reports'] },
    adminDecideModerationAppeal: { invalidatesTags: ['Reports'] },
  },
});

export const {
  useAdminListReportGroupsQuery,
  useAdminGetReportedContentQuery,
  useAdminDismissReportsMutation,
  useAdminModerateContentMutation,
  useAdminApproveContentMutation,
  useAdminListModerationAppealsQuery,
  useAdminDecideModerationAppealMutation,
} = moderationApi;
