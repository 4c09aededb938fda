import { apiBaseUrl } from '@/lib/api-client';

/**
 * `GET /privacy/respondent/export`: a plain link, so the browser saves the file (the workspace
 * cookie chooses the workspace).
 */
export function exportRespondentUrl(contact: string, format: 'json' | 'csv'): string {
  return `${apiBaseUrl}/privacy/respondent/export?${new URLSearchParams({ contact, format }).toString()}`;
}
