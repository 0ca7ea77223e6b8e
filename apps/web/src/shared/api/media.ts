import { endpoints } from './generated/media';

export const mediaApi = endpoints.enhanceEndpoints({
  endpoints: {
    /**
     * The creator's alt text for one of their pictures, wherever it is shown (decision 030). Posts,
     * videos and stories write it just before they are saved, and their save refreshes their lists;
     * a gallery's photos are written one by one, so their lists are refreshed here.
     */
    updateMediaAltText: { invalidatesTags: ['Photos', 'Galleries'] },
  },
});

export const { useUpdateMediaAltTextMutation } = mediaApi;
