import type {
  GoLiveInput,
  JoinSession,
  ListResponse,
  LiveSession,
  PrivateCall,
  PrivateRequest,
  StreamConversation,
  StreamMessage,
  StreamSettings,
  UpdateSessionInput,
} from '@limelight/contracts';
import { api } from '../../shared/lib/api';
import type { AgoraToken } from './agora';

type Params = Record<string, string | number | undefined>;
type StreamSettingsInput = {
  title?: string;
  description?: string;
  privateShowPrice?: number;
  slowModeSeconds?: number;
  rotateStreamKey?: boolean;
};

export const liveApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Who is live now (public creators the viewer may see), most watched first; `performerId` narrows to one creator. */
    liveNow: build.query<ListResponse<LiveSession>, Params>({
      query: (params) => ({ url: '/streaming/user/search', params: { sortBy: 'viewerCount', sort: 'desc', ...params } }),
      providesTags: ['Live'],
    }),
    /** What an entitled viewer needs to play; a refusal names what is missing (subscribe, pay, blocked, ended). */
    join: build.query<JoinSession, string>({
      query: (id) => `/streaming/join/${id}`,
      providesTags: ['Live'],
      keepUnusedDataFor: 0,
    }),
    /** A session as this viewer sees it: whether they may watch, its price, the creator's private show price. */
    liveSession: build.query<LiveSession, string>({
      query: (id) => `/streaming/live/${id}`,
      providesTags: ['Live'],
    }),
    /** An Agora token for a live session's channel or a private show's, when Agora carries the site's video. */
    agoraToken: build.mutation<AgoraToken, { sessionId: string } | { showId: string }>({
      query: (body) => ({ url: '/streaming/agora/token', method: 'POST', body }),
    }),
    /** The creator's own stream settings. */
    streamSettings: build.query<StreamSettings, void>({
      query: () => '/streaming/settings',
      providesTags: ['StreamSettings'],
    }),
    updateStream: build.mutation<StreamSettings, StreamSettingsInput>({
      query: (body) => ({ url: '/streaming/update', method: 'PUT', body }),
      // The answer is the settings (with a new key, shown once): kept as it is, not refetched without it.
      onQueryStarted: async (_input, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(liveApi.util.upsertQueryData('streamSettings', undefined, data));
      },
    }),
    goLive: build.mutation<LiveSession, GoLiveInput>({
      query: (body) => ({ url: '/streaming/live', method: 'POST', body }),
      invalidatesTags: ['Live'],
    }),
    updateSession: build.mutation<LiveSession, UpdateSessionInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/streaming/live/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Live'],
    }),
    /** The broadcaster's heartbeat: a session whose heartbeat stops ends by itself. */
    setDuration: build.mutation<LiveSession, { id: string; duration: number }>({
      query: (body) => ({ url: '/streaming/set-duration', method: 'PUT', body }),
    }),
    /** One page of a session's chat, newest first as the server pages it. */
    streamMessages: build.query<ListResponse<StreamMessage>, { conversationId: string; offset: number; limit: number }>({
      query: ({ conversationId, ...params }) => ({ url: `/messages/stream/${conversationId}`, params }),
      keepUnusedDataFor: 0,
    }),
    sendStreamMessage: build.mutation<StreamMessage, { conversationId: string; text: string }>({
      query: ({ conversationId, text }) => ({ url: `/messages/stream/${conversationId}`, method: 'POST', body: { text } }),
    }),
    deleteStreamMessage: build.mutation<StreamMessage, string>({
      query: (id) => ({ url: `/messages/${id}`, method: 'DELETE' }),
    }),
    clearStreamChat: build.mutation<{ removed: number }, string>({
      query: (conversationId) => ({ url: `/messages/stream/${conversationId}/remove-all-message`, method: 'DELETE' }),
    }),
    setSlowMode: build.mutation<StreamConversation, { conversationId: string; slowModeSeconds: number }>({
      query: ({ conversationId, slowModeSeconds }) => ({
        url: `/conversations/stream/${conversationId}/update`,
        method: 'PUT',
        body: { slowModeSeconds },
      }),
    }),
    privateRequests: build.query<ListResponse<PrivateRequest>, Params>({
      query: (params) => ({ url: '/streaming/private-requests', params }),
      providesTags: ['PrivateRequests'],
    }),
    requestPrivateShow: build.mutation<PrivateRequest, { performerId: string; message: string }>({
      query: (body) => ({ url: '/streaming/private-requests', method: 'POST', body }),
      invalidatesTags: ['PrivateRequests'],
    }),
    answerPrivateRequest: build.mutation<PrivateRequest, { id: string; action: 'accept' | 'decline' | 'cancel' }>({
      query: ({ id, action }) => ({ url: `/streaming/private-requests/${id}`, method: 'PUT', body: { action } }),
      invalidatesTags: ['PrivateRequests'],
    }),
    /** What a party of an accepted or live private show needs to place its call. */
    privateCall: build.query<PrivateCall, string>({
      query: (id) => `/streaming/private-requests/${id}/call`,
      keepUnusedDataFor: 0,
    }),
    adminLiveSessions: build.query<ListResponse<LiveSession>, Params>({
      query: (params) => ({ url: '/admin/streaming/sessions', params }),
      providesTags: ['Live'],
    }),
    adminEndSession: build.mutation<LiveSession, string>({
      query: (id) => ({ url: `/admin/streaming/sessions/${id}/end`, method: 'POST' }),
      invalidatesTags: ['Live'],
    }),
  }),
});

export const {
  useLiveNowQuery,
  useJoinQuery,
  useLazyJoinQuery,
  useLiveSessionQuery,
  useAgoraTokenMutation,
  useStreamSettingsQuery,
  useUpdateStreamMutation,
  useGoLiveMutation,
  useUpdateSessionMutation,
  useSetDurationMutation,
  useLazyStreamMessagesQuery,
  useSendStreamMessageMutation,
  useDeleteStreamMessageMutation,
  useClearStreamChatMutation,
  useSetSlowModeMutation,
  usePrivateRequestsQuery,
  useRequestPrivateShowMutation,
  useAnswerPrivateRequestMutation,
  usePrivateCallQuery,
  useAdminLiveSessionsQuery,
  useAdminEndSessionMutation,
} = liveApi;
