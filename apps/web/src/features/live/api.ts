import { endpoints as messagesEndpoints } from '../../shared/api/generated/messages';
import { endpoints } from '../../shared/api/generated/streaming';

export const liveApi = endpoints.enhanceEndpoints({
  endpoints: {
    /** Who is live now (public creators the viewer may see); `performerId` narrows to one creator. */
    listLiveSessions: { providesTags: ['Live'] },
    /** What an entitled viewer needs to play; a refusal names what is missing (subscribe, pay, blocked, ended). */
    joinLiveSession: { providesTags: ['Live'], keepUnusedDataFor: 0 },
    /** A session as this viewer sees it: whether they may watch, its price, the creator's private show price. */
    getLiveSession: { providesTags: ['Live'] },
    /** The creator's own stream settings. */
    getStreamSettings: { providesTags: ['StreamSettings'] },
    updateStreamSettings: {
      // The answer is the settings (with a new key, shown once): kept as it is, not refetched without it.
      onQueryStarted: async (_input, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(liveApi.util.upsertQueryData('getStreamSettings', undefined, data));
      },
    },
    startLiveSession: { invalidatesTags: ['Live'] },
    updateLiveSession: { invalidatesTags: ['Live'] },
    /** One page of a session's chat, newest first as the server pages it. */
    listLiveChatMessages: { keepUnusedDataFor: 0 },
    listPrivateShowRequests: { providesTags: ['PrivateRequests'] },
    createPrivateShowRequest: { invalidatesTags: ['PrivateRequests'] },
    answerPrivateShowRequest: { invalidatesTags: ['PrivateRequests'] },
    /** What a party of an accepted or live private show needs to place its call. */
    getPrivateShowCall: { keepUnusedDataFor: 0 },
  },
});

/** The picture a shared link to a live session unfurls into: "Live now" while it is on (decision 080). */
export const livePreviewImage = (sessionId: string) => `/api/streaming/live/${sessionId}/preview.jpg`;

/** Who is live now shows most watched first (the API's own order is the latest started). */
export const mostWatchedFirst = { sortBy: 'viewerCount', sort: 'desc' } as const;

export const {
  useListLiveSessionsQuery,
  useJoinLiveSessionQuery,
  useGetLiveSessionQuery,
  // An Agora token for a live session's channel or a private show's, when Agora carries the site's video.
  useCreateAgoraTokenMutation,
  useGetStreamSettingsQuery,
  useUpdateStreamSettingsMutation,
  useStartLiveSessionMutation,
  useUpdateLiveSessionMutation,
  // The broadcaster's heartbeat: a session whose heartbeat stops ends by itself.
  useUpdateLiveSessionDurationMutation,
  useLazyListLiveChatMessagesQuery,
  useSendLiveChatMessageMutation,
  useClearLiveChatMutation,
  useUpdateLiveChatSlowModeMutation,
  useListPrivateShowRequestsQuery,
  useCreatePrivateShowRequestMutation,
  useAnswerPrivateShowRequestMutation,
  useGetPrivateShowCallQuery,
} = liveApi;

/** A chat line is taken back by the messages' own route, which knows a live chat's line by its id. */
export const { useDeleteConversationMessageMutation } = messagesEndpoints;
