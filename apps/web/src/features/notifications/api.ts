import { endpoints } from '../../shared/api/generated/notifications';

export const notificationsApi = endpoints.enhanceEndpoints({
  endpoints: {
    listNotifications: { providesTags: ['Notifications'] },
    getUnreadNotificationCount: { providesTags: ['Notifications'] },
    markNotificationRead: { invalidatesTags: ['Notifications'] },
    markAllNotificationsRead: { invalidatesTags: ['Notifications'] },
    getNotificationSettings: { providesTags: ['NotificationSettings'] },
    getEmailPreferences: { providesTags: ['NotificationSettings'] },
    /** One switch per category sets every kind of it: both views of the one store are fetched again. */
    updateEmailPreferences: { invalidatesTags: ['NotificationSettings'] },
    updateNotificationSettings: { invalidatesTags: ['NotificationSettings'] },
  },
});

export const {
  useListNotificationsQuery,
  useGetUnreadNotificationCountQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
  useGetEmailPreferencesQuery,
  useUpdateEmailPreferencesMutation,
} = notificationsApi;
