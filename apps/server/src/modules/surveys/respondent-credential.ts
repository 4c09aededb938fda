import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

/**
 * After a respondent authenticates (docs/product-rules.md#respondent-authentication), a signed, httpOnly
 * cookie scoped to that survey's
 * API path proves it: it names the survey and its own expiry, so it opens no other survey.
 */
const respondentCookieName = 'graphium_respondent';
const credentialLifetimeMs = 24 * 60 * 60 * 1000;

function respondentCookiePath(surveyId: string): string {
  return `/api/surveys/${surveyId}`;
}

export function issueRespondentCredential(
  ctx: AppContext,
  reply: FastifyReply,
  surveyId: string,
  surveyExpiresAt: Date,
): void {
  const now = ctx.now().getTime();
  const expiresAt = Math.max(now, Math.min(now + credentialLifetimeMs, surveyExpiresAt.getTime()));
  reply.setCookie(respondentCookieName, `${surveyId}.${expiresAt}`, {
    path: respondentCookiePath(surveyId),
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.cookieSecure,
    signed: true,
    maxAge: Math.max(1, Math.floor((expiresAt - now) / 1000)),
  });
}

export function hasRespondentCredential(ctx: AppContext, request: FastifyRequest, surveyId: string): boolean {
  const raw = request.cookies[respondentCookieName];
  if (!raw) return false;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return false;
  const separator = unsigned.value.lastIndexOf('.');
  const id = unsigned.value.slice(0, separator);
  const expiresAt = Number(unsigned.value.slice(separator + 1));
  return id === surveyId && Number.isFinite(expiresAt) && expiresAt > ctx.now().getTime();
}
