import type { Comment } from '@limelight/contracts';
import { endpoints as commentsEndpoints } from '../../shared/api/generated/comments';
import { endpoints as reportsEndpoints } from '../../shared/api/generated/reports';
import { type Reaction, useReaction } from '../../shared/api/reactions';
import { api } from '../../shared/lib/api';
import { useAppDispatch } from '../../shared/lib/store';

/** The cached lists that show a comment or reaction count, by what was commented on or reacted to. */
const listTags = { feed: 'Feeds', video: 'Videos', gallery: 'Galleries' } as const;

/** Every list of an item's comments (top level and opened replies) carries the item's tag. */
type CommentOf = { objectType: Comment['objectType']; objectId: string };
/** Comments and replies read oldest first, as a conversation. */
export const oldestFirst = { sortBy: 'createdAt', sort: 'asc' } as const;

export const commentsApi = commentsEndpoints.enhanceEndpoints({
  endpoints: {
    /** Top-level comments of an item, or with `parentId` the replies under one. */
    listComments: { providesTags: (_result, _error, arg) => [{ type: 'Comments', id: arg.objectId }] },
    createComment: {
      invalidatesTags: (_result, _error, { body }) => [{ type: 'Comments', id: body.objectId }, listTags[body.objectType]],
    },
  },
});

/**
 * Deletes a comment, then refetches the item's comment lists and the list that counts them: the
 * endpoint is given the comment's id alone, so only its caller knows which item that is.
 */
export function useDeleteComment() {
  const dispatch = useAppDispatch();
  const [deleteComment, state] = commentsApi.useDeleteCommentMutation();
  const remove = async ({ id, objectType, objectId }: CommentOf & { id: string }) => {
    await deleteComment({ id }).unwrap();
    dispatch(api.util.invalidateTags([{ type: 'Comments', id: objectId }, listTags[objectType]]));
  };
  return [remove, state] as const;
}

/** Likes a comment (`on`) or takes the like back; the item's comment lists refetch with the count. */
export const useLikeComment = () =>
  useReaction(
    ({ id }: CommentOf & { id: string }) => ({ objectType: 'comment', objectId: id, action: 'like' }),
    ({ objectId }) => [{ type: 'Comments', id: objectId }],
  );

/** Likes or bookmarks a video or a gallery (`on`), or takes that back. Posts patch their pages optimistically (feeds api). */
export const useLibraryReaction = () =>
  useReaction(
    (reaction: { objectType: 'video' | 'gallery'; objectId: string; action: Reaction['action'] }) => reaction,
    ({ objectType }) => [listTags[objectType]],
  );

export const reportsApi = reportsEndpoints.enhanceEndpoints({
  endpoints: {
    listMyModeratedItems: { providesTags: ['Reports'] },
    appealModeratedItem: { invalidatesTags: ['Reports'] },
  },
});

export const { useListCommentsQuery, useCreateCommentMutation } = commentsApi;
export const { useCreateReportMutation, useListMyModeratedItemsQuery, useAppealModeratedItemMutation, useSendTakedownRequestMutation } =
  reportsApi;
