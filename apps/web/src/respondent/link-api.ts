import { honeypotFieldName } from '@graphium/shared/public-link-page';
import { request } from './api';

/**
 * `POST /s/{slug}/surveys`: starts (or continues) this browser's survey of a public link with the
 * page's query and the honeypot's value (decision 024).
 */
export function startLinkSurvey(
  slug: string,
  parameters: Record<string, string>,
  honeypot: string,
): Promise<{ surveyId: string }> {
  return request('POST', `/s/${encodeURIComponent(slug)}/surveys`, {
    parameters,
    [honeypotFieldName]: honeypot,
  });
}
