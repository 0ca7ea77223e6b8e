import { useDispatch } from 'react-redux';
import { api } from '../lib/api';
import { type AddReactionApiArg, endpoints } from './generated/reactions';

export type Reaction = AddReactionApiArg['body'];
type Refetched = Parameters<typeof api.util.invalidateTags>[0];

/**
 * Likes and bookmarks of every kind go through the API's two reactions endpoints, so no feature
 * enhances those (an enhancement would apply to all of them). A feature reacts through this hook:
 * `reactionOf` names the reaction for a target, `refetched` the cached lists that show it again
 * once the server has it, `patched` (when the feature shows it at once) changes its cache and
 * returns how to undo that, which happens if the server refuses, and `refetchedOnRefusal` the lists
 * to read again then (the item may be gone).
 */
export function useReaction<Target>(
  reactionOf: (target: Target) => Reaction,
  refetched: (target: Target) => Refetched,
  effects: {
    patched?: (target: Target, on: boolean) => (() => void) | undefined;
    refetchedOnRefusal?: (target: Target, error: unknown) => Refetched;
  } = {},
) {
  const dispatch = useDispatch();
  const [addReaction, adding] = endpoints.useAddReactionMutation();
  const [removeReaction, removing] = endpoints.useRemoveReactionMutation();
  const react = async (target: Target, on: boolean) => {
    const undo = effects.patched?.(target, on);
    const body = reactionOf(target);
    try {
      await (on ? addReaction({ body }) : removeReaction({ body })).unwrap();
    } catch (error) {
      undo?.();
      refetch(effects.refetchedOnRefusal?.(target, error) ?? []);
      throw error;
    }
    refetch(refetched(target));
  };
  const refetch = (tags: Refetched) => {
    if (tags.length) dispatch(api.util.invalidateTags(tags));
  };
  return [react, { isLoading: adding.isLoading || removing.isLoading }] as const;
}
