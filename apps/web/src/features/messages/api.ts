import type { Conversation, ListResponse, MassMessage, Message, SendMassMessageInput, SendMessageInput } from '@limelight/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../shared/lib/api';

export const messagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The reader's conversations, latest activity first; `keyword` finds the other member by name. */
    conversations: build.query<ListResponse<Conversation>, { offset: number; limit: number; keyword?: string }>({
      query: (params) => ({ url: '/conversations', params }),
      providesTags: ['Conversations'],
    }),
    conversation: build.query<Conversation, string>({
      query: (id) => `/conversations/${id}`,
      providesTags: ['Conversations'],
    }),
    /** The pair's conversation, opened on first use (the API refuses when the other does not take messages). */
    openConversation: build.mutation<Conversation, { source: 'user' | 'performer'; sourceId: string }>({
      query: (body) => ({ url: '/conversations', method: 'POST', body }),
      invalidatesTags: ['Conversations'],
    }),
    /** One page of a thread, newest first as the server pages it; the thread keeps its own merged state. */
    messagesPage: build.query<ListResponse<Message>, { conversationId: string; offset: number; limit: number }>({
      query: ({ conversationId, ...params }) => ({ url: `/messages/conversations/${conversationId}`, params }),
      keepUnusedDataFor: 0,
    }),
    sendMessage: build.mutation<Message, SendMessageInput & { conversationId: string }>({
      query: ({ conversationId, ...body }) => ({ url: `/messages/conversations/${conversationId}`, method: 'POST', body }),
    }),
    deleteMessage: build.mutation<Message, string>({
      query: (id) => ({ url: `/messages/${id}`, method: 'DELETE' }),
    }),
    readAll: build.mutation<{ total: number }, string>({
      query: (conversationId) => ({ url: `/messages/read-all/${conversationId}`, method: 'POST' }),
      // The header's total follows, and so does the conversation's own count in every list held.
      onQueryStarted: async (conversationId, { dispatch, getState, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(messagesApi.util.upsertQueryData('unreadTotal', undefined, data));
        changeConversationLists((list) => {
          const read = list.data.find((item) => item._id === conversationId);
          if (read) read.totalNotSeenMessages = 0;
        })(dispatch, getState);
      },
    }),
    /** The creator's mass messages, newest first, with their delivery and results. */
    massMessages: build.query<ListResponse<MassMessage>, { offset: number; limit: number }>({
      query: (params) => ({ url: '/messages/mass', params }),
      providesTags: ['MassMessages'],
    }),
    sendMassMessage: build.mutation<MassMessage, SendMassMessageInput>({
      query: (body) => ({ url: '/messages/mass', method: 'POST', body }),
      invalidatesTags: ['MassMessages'],
    }),
    unsendMassMessage: build.mutation<MassMessage, string>({
      query: (id) => ({ url: `/messages/mass/${id}`, method: 'DELETE' }),
      invalidatesTags: ['MassMessages'],
    }),
    unreadTotal: build.query<{ total: number }, void>({
      query: () => '/messages/total-unread-messages',
      providesTags: ['UnreadMessages'],
    }),
  }),
});

type ApiState = Parameters<typeof messagesApi.util.selectCachedArgsForQuery>[0];

/**
 * Changes every list of conversations held, not only the one on screen: the full list and each
 * search's, at each length loaded, so none is stale when it shows again.
 */
export const changeConversationLists =
  (change: (list: ListResponse<Conversation>, keyword: string | undefined) => void) =>
  (dispatch: ThunkDispatch<ApiState, unknown, UnknownAction>, getState: () => ApiState) => {
    for (const args of messagesApi.util.selectCachedArgsForQuery(getState(), 'conversations')) {
      dispatch(messagesApi.util.updateQueryData('conversations', args, (draft) => change(draft, args.keyword)));
    }
  };

export const {
  useConversationsQuery,
  useConversationQuery,
  useOpenConversationMutation,
  useLazyMessagesPageQuery,
  useSendMessageMutation,
  useDeleteMessageMutation,
  useReadAllMutation,
  useUnreadTotalQuery,
  useMassMessagesQuery,
  useSendMassMessageMutation,
  useUnsendMassMessageMutation,
} = messagesApi;
