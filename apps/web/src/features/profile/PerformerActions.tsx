import { HeartFilled, HeartOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { PublicPerformer } from '@limelight/contracts';
import { Alert, Button, Tooltip } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { joinUrl } from '../../shared/lib/navigation';
import { useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useBookmarkCreator, useFollowCreatorMutation, useUnfollowCreatorMutation } from './api';

/**
 * Visitors are asked to sign up (or log in) first and come back to this creator (decision 027),
 * with what they asked for in the address (`?follow=1`) when the page has a way to finish it.
 */
function useSignedInAction(performer: PublicPerformer, asked?: 'follow') {
  const loggedIn = useAppSelector((state) => state.session.loggedIn);
  const navigate = useNavigate();
  return async (action: () => Promise<unknown>, done: string) => {
    if (!loggedIn) return navigate(joinUrl(`/${performer.username ?? performer._id}${asked ? `?${asked}=1` : ''}`));
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
}

export function FollowButton({ performer, block, size }: { performer: PublicPerformer; block?: boolean; size?: 'small' }) {
  const isFollowed = useAppSelector((state) => state.follow.followedIds.includes(performer._id));
  const [follow, following] = useFollowCreatorMutation();
  const [unfollow, unfollowing] = useUnfollowCreatorMutation();
  const run = useSignedInAction(performer, 'follow');
  return (
    <Button
      block={block}
      size={size}
      type={isFollowed ? 'default' : 'primary'}
      icon={isFollowed ? <HeartFilled aria-hidden /> : <HeartOutlined aria-hidden />}
      loading={following.isLoading || unfollowing.isLoading}
      aria-pressed={isFollowed}
      onClick={() =>
        isFollowed
          ? run(() => unfollow({ id: performer._id }).unwrap(), `You no longer follow ${performer.name}`)
          : run(() => follow({ id: performer._id }).unwrap(), `You follow ${performer.name}`)
      }
    >
      {isFollowed ? 'Following' : 'Follow'}
    </Button>
  );
}

export function BookmarkButton({ performer }: { performer: PublicPerformer }) {
  const [bookmark, bookmarking] = useBookmarkCreator();
  const run = useSignedInAction(performer);
  const label = performer.isBookmarked ? 'Remove bookmark' : 'Bookmark';
  return (
    <Tooltip title={label}>
      <Button
        aria-label={label}
        aria-pressed={performer.isBookmarked}
        icon={performer.isBookmarked ? <StarFilled aria-hidden style={{ color: '#faad14' }} /> : <StarOutlined aria-hidden />}
        loading={bookmarking.isLoading}
        onClick={() =>
          performer.isBookmarked
            ? run(() => bookmark(performer._id, false), 'Bookmark removed')
            : run(() => bookmark(performer._id, true), `${performer.name} bookmarked`)
        }
      />
    </Tooltip>
  );
}

/**
 * A visitor's Follow led through sign-up back here with `?follow=1`: the click that finishes it,
 * asked rather than done for them, since anyone can link to that address.
 */
export function FollowPrompt({ performer }: { performer: PublicPerformer }) {
  const [params] = useSearchParams();
  const isFan = useAppSelector((state) => state.session.user?.role === 'user');
  const isFollowed = useAppSelector((state) => state.follow.followedIds.includes(performer._id));
  if (params.get('follow') !== '1' || !isFan || isFollowed) return null;
  return (
    <Alert
      className="follow-prompt"
      type="info"
      showIcon
      title={`Follow ${performer.name}?`}
      description="Their free posts will show on your home."
      action={<FollowButton performer={performer} />}
      closable={{ 'aria-label': 'Not now' }}
    />
  );
}
