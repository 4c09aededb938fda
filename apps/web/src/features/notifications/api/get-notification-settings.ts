import type { NotificationSettings } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

async function getNotificationSettings(): Promise<NotificationSettings> {
  const response = await apiClient.get<NotificationSettings>('/workspace/notification-settings');
  return response.data;
}

function notificationSettingsQueryOptions() {
  return queryOptions({ queryKey: notificationKeys.settings(), queryFn: getNotificationSettings });
}

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
