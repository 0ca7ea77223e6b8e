import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { endpoints, type ListConversationsApiResponse } from '../../shared/api/generated/messages';

export const messagesApi = endpoints.enhanceEndpoints({
  endpoints: {
    /** The reader's conversations, latest activity first; `keyword` finds the other member by name. */
    listConversations: { providesTags: ['Conversations'] },
    getConversation: { providesTags: ['Conversations'] },
    /** The pair's conversation, opened on first use (the API refuses when the other does not take messages). */
    openConversation: { invalidatesTags: ['Conversations'] },
    /** One page of a thread, newest first as the server pages it; the thread keeps its own merged state. */
    listConversationMessages: { keepUnusedDataFor: 0 },
    markConversationRead: {
      // The header's total follows, and so does the conversation's own count in every list held.
      onQueryStarted: async ({ id }, { dispatch, getState, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(messagesApi.util.upsertQueryData('getUnreadMessageCount', undefined, data));
        changeConversationLists((list) => {
          const read = list.data.find((item) => item._id === id);
          if (read) read.totalNotSeenMessages = 0;
        })(dispatch, getState);
      },
    },
    /** The creator's mass messages, newest first, with their delivery and results. */
    listMassMessages: { providesTags: ['MassMessages'] },
    sendMassMessage: { invalidatesTags: ['MassMessages'] },
    deleteMassMessage: { invalidatesTags: ['MassMessages'] },
    getUnreadMessageCount: { providesTags: ['UnreadMessages'] },
  },
});

type ApiState = Parameters<typeof messagesApi.util.selectCachedArgsForQuery>[0];

/**
 * Changes every list of conversations held, not only the one on screen: the full list and each
 * search's, at each length loaded, so none is stale when it shows again.
 */
export const changeConversationLists =
  (change: (list: ListConversationsApiResponse, keyword: string | undefined) => void) =>
  (dispatch: ThunkDispatch<ApiState, unknown, UnknownAction>, getState: () => ApiState) => {
    for (const args of messagesApi.util.selectCachedArgsForQuery(getState(), 'listConversations')) {
      dispatch(messagesApi.util.updateQueryData('listConversations', args, (draft) => change(draft, args.keyword)));
    }
  };

export const {
  useListConversationsQuery,
  useGetConversationQuery,
  useOpenConversationMutation,
  useLazyListConversationMessagesQuery,
  useSendConversationMessageMutation,
  useDeleteConversationMessageMutation,
  useMarkConversationReadMutation,
  useGetUnreadMessageCountQuery,
  useListMassMessagesQuery,
  useSendMassMessageMutation,
  useDeleteMassMessageMutation,
} = messagesApi;
