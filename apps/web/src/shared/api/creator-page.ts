import type { PublicUser } from '@limelight/contracts';
import type { PageStart } from '../lib/store';
import { endpoints } from './generated/performers';

/** The address a creator's page is asked for by: their handle, else their id. */
export const creatorPageId = (creator: Pick<PublicUser, 'username' | '_id'>) => creator.username ?? creator._id;

/**
 * A creator's page answer, asked for beside one of their items (a post, a video...) when the server
 * draws the item's page: its head shows the creator's preview card and keeps out of search engines
 * a creator who asked to be (decision 080).
 */
export const preloadCreatorOf = (creator: Pick<PublicUser, 'username' | '_id'>, { store }: PageStart) =>
  store.dispatch(endpoints.endpoints.getCreatorProfile.initiate({ id: creatorPageId(creator) }, { subscribe: false }));

/** A creator's page answer where another feature shows them whole (a live session's teaser, behind it their cover). */
export const { useGetCreatorProfileQuery: useCreatorPageQuery } = endpoints;
