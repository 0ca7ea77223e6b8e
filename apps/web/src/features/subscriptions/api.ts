import type { ListResponse, PaymentTransaction, SubscribeInput, Subscription } from '@limelight/contracts';
import { IDEMPOTENCY_HEADER } from '@limelight/contracts/constants';
import { api, subscriberContentTags } from '../../shared/lib/api';

type Params = Record<string, string | number | undefined>;

export const subscriptionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    mySubscriptions: build.query<ListResponse<Subscription>, Params>({
      query: (params) => ({ url: '/subscriptions/user/search', params }),
      providesTags: ['Subscriptions'],
    }),
    subscribers: build.query<ListResponse<Subscription>, Params>({
      query: (params) => ({ url: '/subscriptions/performer/search', params }),
      providesTags: ['Subscriptions'],
    }),
    subscribe: build.mutation<
      { subscription: Subscription | null; payment: PaymentTransaction | null },
      SubscribeInput & { idempotencyKey: string }
    >({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/payment/subscribe/performers',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      // Subscriber posts, videos and galleries open at once.
      invalidatesTags: [...subscriberContentTags, 'Payments', 'Me'],
    }),
    cancelSubscription: build.mutation<Subscription, { id: string; paidWith: string }>({
      query: ({ id, paidWith }) => ({ url: `/payment/${paidWith}/cancel-subscription/${id}`, method: 'POST' }),
      invalidatesTags: ['Subscriptions'],
    }),
    resumeSubscription: build.mutation<Subscription, { id: string; paidWith: string }>({
      query: ({ id, paidWith }) => ({ url: `/payment/${paidWith}/resume-subscription/${id}`, method: 'POST' }),
      invalidatesTags: ['Subscriptions'],
    }),
  }),
});

export const {
  useMySubscriptionsQuery,
  useSubscribersQuery,
  useSubscribeMutation,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
} = subscriptionsApi;
