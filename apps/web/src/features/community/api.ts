import type {
  ApproveContentInput,
  Comment,
  ContentActionInput,
  ListResponse,
  ModeratedItem,
  ModerationTargetType,
  ReactionInput,
  Report,
  ReportedContent,
  ReportGroup,
  TakedownInput,
} from '@limelight/contracts';
import { api } from '../../shared/lib/api';

/** The cached lists that show a comment or reaction count, by what was commented on or reacted to. */
const listTags = { feed: 'Feeds', video: 'Videos', gallery: 'Galleries' } as const;
/** Posts patch their pages optimistically (feeds api); videos and galleries refetch. */
type LibraryReaction = ReactionInput & { objectType: 'video' | 'gallery'; on: boolean };

/** Top-level comments of an item, or with `parentId` the replies under one. */
type CommentsArg = { objectType: Comment['objectType']; objectId: string; limit: number; parentId?: string };
/** Every list of an item's comments (top level and opened replies) carries the item's tag. */
type CommentOf = { objectType: Comment['objectType']; objectId: string };

export const communityApi = api.injectEndpoints({
  endpoints: (build) => ({
    comments: build.query<ListResponse<Comment>, CommentsArg>({
      query: ({ objectType, objectId, limit, parentId }) => ({
        url: '/comments',
        params: { objectType, objectId, limit, sort: 'asc', sortBy: 'createdAt', ...(parentId ? { parentId } : {}) },
      }),
      providesTags: (_result, _error, arg) => [{ type: 'Comments', id: arg.objectId }],
    }),
    addComment: build.mutation<Comment, CommentOf & { content: string; parentId?: string }>({
      query: (body) => ({ url: '/comments', method: 'POST', body }),
      invalidatesTags: (_result, _error, arg) => [{ type: 'Comments', id: arg.objectId }, listTags[arg.objectType]],
    }),
    deleteComment: build.mutation<{ message: string }, CommentOf & { id: string }>({
      query: ({ id }) => ({ url: `/comments/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, arg) => [{ type: 'Comments', id: arg.objectId }, listTags[arg.objectType]],
    }),
    /** Likes a comment (`on`) or takes the like back; the item's comment lists refetch with the count. */
    likeComment: build.mutation<unknown, CommentOf & { id: string; on: boolean }>({
      query: ({ id, on }) => ({
        url: '/reactions',
        method: on ? 'POST' : 'DELETE',
        body: { objectType: 'comment', objectId: id, action: 'like' },
      }),
      invalidatesTags: (_result, _error, arg) => [{ type: 'Comments', id: arg.objectId }],
    }),
    /** Likes or bookmarks a video or a gallery (`on`), or takes that back. */
    react: build.mutation<unknown, LibraryReaction>({
      query: ({ on, ...body }) => ({ url: '/reactions', method: on ? 'POST' : 'DELETE', body }),
      invalidatesTags: (_result, _error, arg) => [listTags[arg.objectType]],
    }),
    report: build.mutation<
      { message: string },
      { targetType: ModerationTargetType; targetId: string; reason: Report['reason']; description: string }
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
    /** The queue: one row per reported target (decision 046). */
    reportGroups: build.query<ListResponse<ReportGroup>, Record<string, string | number | undefined>>({
      query: (params) => ({ url: '/admin/reports/groups', params }),
      providesTags: ['Reports'],
    }),
    reportedContent: build.query<ReportedContent, { targetType: string; targetId: string }>({
      query: ({ targetType, targetId }) => ({ url: `/admin/reports/targets/${targetType}/${targetId}` }),
      providesTags: ['Reports'],
    }),
    dismissReports: build.mutation<{ message: string }, { targetType: string; targetId: string; reason: string }>({
      query: ({ targetType, targetId, reason }) => ({
        url: `/admin/reports/targets/${targetType}/${targetId}`,
        method: 'PUT',
        body: { reason },
      }),
      invalidatesTags: ['Reports'],
    }),
    /** Hide, remove or restore a piece of content (decision 046), from the report queue or the content screens. */
    contentAction: build.mutation<{ message: string }, ContentActionInput>({
      query: (body) => ({ url: '/admin/moderation/actions', method: 'POST', body }),
      invalidatesTags: ['Reports', 'AdminEntities', 'Audit'],
    }),
    /** Publishes an item held for review before publication (decision 054). */
    approveContent: build.mutation<{ message: string }, ApproveContentInput>({
      query: (body) => ({ url: '/admin/moderation/approvals', method: 'POST', body }),
      invalidatesTags: ['Reports', 'AdminEntities', 'Audit'],
    }),
    pendingAppeals: build.query<ModeratedItem[], void>({
      query: () => ({ url: '/admin/moderation/appeals' }),
      providesTags: ['Reports'],
    }),
    decideAppeal: build.mutation<{ message: string }, { targetId: string; decision: 'uphold' | 'restore'; reason: string }>({
      query: ({ targetId, ...body }) => ({ url: `/admin/moderation/appeals/${targetId}`, method: 'PUT', body }),
      invalidatesTags: ['Reports'],
    }),
    myModeratedItems: build.query<ModeratedItem[], void>({
      query: () => ({ url: '/moderation/items' }),
      providesTags: ['Reports'],
    }),
    appeal: build.mutation<{ message: string }, { targetId: string; text: string }>({
      query: ({ targetId, text }) => ({ url: `/moderation/items/${targetId}/appeal`, method: 'POST', body: { text } }),
      invalidatesTags: ['Reports'],
    }),
    takedown: build.mutation<{ caseNumber: string; message: string }, TakedownInput>({
      query: (body) => ({ url: '/takedown', method: 'POST', body }),
    }),
  }),
});

export const {
  useCommentsQuery,
  useAddCommentMutation,
  useDeleteCommentMutation,
  useLikeCommentMutation,
  useReactMutation,
  useReportMutation,
  useAdminReportsQuery,
  useHandleReportMutation,
  useReportGroupsQuery,
  useReportedContentQuery,
  useDismissReportsMutation,
  useContentActionMutation,
  useApproveContentMutation,
  usePendingAppealsQuery,
  useDecideAppealMutation,
  useMyModeratedItemsQuery,
  useAppealMutation,
  useTakedownMutation,
} = communityApi;
