import { endpoints } from '../../shared/api/generated/subscriptions';
import { subscriberContentTags } from '../../shared/lib/api';

export const subscriptionsApi = endpoints.enhanceEndpoints({
  endpoints: {
    listFanSubscriptions: { providesTags: ['Subscriptions'] },
    listCreatorSubscribers: { providesTags: ['Subscriptions'] },
    // Subscriber posts, videos and galleries open at once.
    subscribeToCreator: { invalidatesTags: [...subscriberContentTags, 'Payments', 'Me'] },
    cancelSubscription: { invalidatesTags: ['Subscriptions'] },
    resumeSubscription: { invalidatesTags: ['Subscriptions'] },
  },
});

export const {
  useListFanSubscriptionsQuery,
  useListCreatorSubscribersQuery,
  useSubscribeToCreatorMutation,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
} = subscriptionsApi;
