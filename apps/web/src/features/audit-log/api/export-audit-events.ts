import { apiBaseUrl } from '@/lib/api-client';
import { type AuditLogParams, toAuditQuery } from './query-keys';

/**
 * `GET /audit-events/export.csv` with the screen's filters: a plain link, so the browser streams
 * the file to disk (the workspace cookie chooses the workspace).
 */
export function exportAuditEventsUrl(params: Omit<AuditLogParams, 'page' | 'limit'>): string {
  const query = new URLSearchParams(toAuditQuery(params));
  const text = query.toString();
  return `${apiBaseUrl}/audit-events/export.csv${text ? `?${text}` : ''}`;
}
