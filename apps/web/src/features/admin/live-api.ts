import { endpoints } from '../../shared/api/generated/admin';

/** The admin's live sessions page: apart from the live feature's api, so the admin module loads with the admin pages only (decision 073). */
export const adminLiveApi = endpoints.enhanceEndpoints({
  endpoints: {
    adminListLiveSessions: { providesTags: ['Live'] },
    adminEndLiveSession: { invalidatesTags: ['Live'] },
  },
});

export const { useAdminListLiveSessionsQuery, useAdminEndLiveSessionMutation } = adminLiveApi;
