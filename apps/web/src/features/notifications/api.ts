import type { EmailPreference, ListResponse, Notification, NotificationSetting } from '@limelight/contracts';
import { api } from '../../shared/lib/api';

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notifications: build.query<ListResponse<Notification> & { unread: number }, { offset: number; limit: number; unread?: 'true' }>({
      query: (params) => ({ url: '/notifications', params }),
      providesTags: ['Notifications'],
    }),
    unreadNotifications: build.query<{ total: number }, void>({
      query: () => '/notifications/unread-count',
      providesTags: ['Notifications'],
    }),
    markNotificationRead: build.mutation<Notification, string>({
      query: (id) => ({ url: `/notifications/${id}/read`, method: 'POST' }),
      invalidatesTags: ['Notifications'],
    }),
    markAllNotificationsRead: build.mutation<{ total: number }, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      invalidatesTags: ['Notifications'],
    }),
    notificationSettings: build.query<NotificationSetting[], void>({
      query: () => '/notifications/settings',
      providesTags: ['NotificationSettings'],
    }),
    emailPreferences: build.query<EmailPreference[], void>({
      query: () => '/emails/preferences',
      providesTags: ['NotificationSettings'],
    }),
    /** One switch per category sets every kind of it: both views of the one store are fetched again. */
    saveEmailPreferences: build.mutation<EmailPreference[], EmailPreference[]>({
      query: (body) => ({ url: '/emails/preferences', method: 'PUT', body }),
      invalidatesTags: ['NotificationSettings'],
    }),
    saveNotificationSettings: build.mutation<NotificationSetting[], NotificationSetting[]>({
      query: (body) => ({ url: '/notifications/settings', method: 'PUT', body }),
      invalidatesTags: ['NotificationSettings'],
    }),
  }),
});

export const {
  useNotificationsQuery,
  useUnreadNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useNotificationSettingsQuery,
  useSaveNotificationSettingsMutation,
  useEmailPreferencesQuery,
  useSaveEmailPreferencesMutation,
} = notificationsApi;
