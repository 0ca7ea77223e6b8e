import type { RootState } from './store';

/** The element holding the server's render state in the page (decision 079). */
export const RENDER_STATE_ID = 'render-state';

/** What the server's render leaves in the page: the API's cache, and the slices its render read. */
export type RenderedState = {
  answers: Pick<RootState, 'api'>;
  state: Pick<RootState, 'session' | 'preferences' | 'follow'>;
};
