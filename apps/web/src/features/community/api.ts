import type { Comment, ListResponse, Report } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

type CommentsArg = { objectType: Comment['objectType']; objectId: string; limit: number };

export const communityApi = api.injectEndpoints({
  endpoints: (build) => ({
    comments: build.query<ListResponse<Comment>, CommentsArg>({
      query: ({ objectType, objectId, limit }) => ({
        url: '/comments',
        params: { objectType, objectId, limit, sort: 'asc', sortBy: 'createdAt' },
      }),
      providesTags: (_result, _error, arg) => [{ type: 'Comments', id: arg.objectId }],
    }),
    addComment: build.mutation<Comment, { objectType: Comment['objectType']; objectId: string; content: string }>({
      query: (body) => ({ url: '/comments', method: 'POST', body }),
      invalidatesTags: (_result, _error, arg) => [{ type: 'Comments', id: arg.objectId }, 'Feeds'],
    }),
    deleteComment: build.mutation<{ message: string }, { id: string; objectId: string }>({
      query: ({ id }) => ({ url: `/comments/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, arg) => [{ type: 'Comments', id: arg.objectId }, 'Feeds'],
    }),
    report: build.mutation<
      { message: string },
      { targetType: Report['targetType']; targetId: string; reason: Report['reason']; description: string }
    >({
      query: (body) => ({ url: '/reports', method: 'POST', body }),
    }),
    adminReports: build.query<ListResponse<Report>, Record<string, string | number | undefined>>({
      query: (params) => ({ url: '/admin/reports', params }),
      providesTags: ['Reports'],
    }),
    handleReport: build.mutation<{ message: string }, { id: string; status: Report['status'] }>({
      query: ({ id, status }) => ({ url: `/admin/reports/${id}`, method: 'PUT', body: { status } }),
      invalidatesTags: ['Reports'],
    }),
  }),
});

export const {
  useCommentsQuery,
  useAddCommentMutation,
  useDeleteCommentMutation,
  useReportMutation,
  useAdminReportsQuery,
  useHandleReportMutation,
} = communityApi;
