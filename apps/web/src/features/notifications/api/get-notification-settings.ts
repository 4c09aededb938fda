import { defaultPhoneCountry, formatStoredPhone, type NotificationSettings } from '@graphium/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
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

/**
 * The workspace's default country for phone numbers (decision 021): US until the settings have
 * loaded, which is what every workspace had before.
 */
export function usePhoneCountry(): string {
  return useNotificationSettings().data?.phoneCountry ?? defaultPhoneCountry;
}

/**
 * The one formatter of stored phone numbers on the web (decision 021): national format for the
 * workspace's country ("0412 345 678", "(555) 123-4567"), international for others.
 */
export function useFormatPhone(): (stored: string) => string {
  const country = usePhoneCountry();
  return useCallback((stored: string) => formatStoredPhone(stored, country), [country]);
}
