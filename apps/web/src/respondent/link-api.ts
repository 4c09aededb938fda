import { honeypotFieldName } from '@graphium/shared/public-link-page';
import { request } from './api';
import { embedTokenOfLink, keepEmbedToken } from './embed-mode';

/**
 * `POST /s/{slug}/surveys`: starts (or continues) this browser's survey of a public link with the
 * page's query and the honeypot's value (decision 024). Embedded, the frame's kept token stands
 * for the link's cookie, and the reply's token is kept for the survey's calls.
 */
export async function startLinkSurvey(
  slug: string,
  parameters: Record<string, string>,
  honeypot: string,
): Promise<{ surveyId: string }> {
  const reply = await request<{ surveyId: string; embedToken?: string }>(
    'POST',
    `/s/${encodeURIComponent(slug)}/surveys`,
    { parameters, [honeypotFieldName]: honeypot },
    embedTokenOfLink(slug),
  );
  if (reply.embedToken) keepEmbedToken(slug, reply.surveyId, reply.embedToken);
  return { surveyId: reply.surveyId };
}
