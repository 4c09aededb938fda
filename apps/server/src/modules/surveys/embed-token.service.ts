import { createHmac, timingSafeEqual } from 'node:crypto';
import { embedTokenHeaderName } from '@graphium/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../errors.js';

// The embed transport (docs/decisions/024-public-links.md#cross-site-embeds): inside another site's
// frame the browser withholds the page's SameSite=Lax cookies, so an embedded respondent page takes
// none. The link start gives it a token naming its survey; it keeps it in the frame's storage and
// sends it in the `X-Graphium-Embed` header, which also stands for the anti-forgery header (a
// cross-site page cannot send a custom header without a preflight the server never grants).

const headerKey = embedTokenHeaderName.toLowerCase();
const invalidTokenMessage = 'Missing or invalid anti-forgery token. Reload the page and try again.';

function sign(secret: string, surveyId: string): string {
  return createHmac('sha256', secret).update(`embed:${surveyId}`).digest('base64url').slice(0, 32);
}

/** The token of a link survey for an embedded page: `<surveyId>.<signature>`. */
export function issueEmbedToken(ctx: AppContext, surveyId: string): string {
  return `${surveyId}.${sign(ctx.config.sessionSecret, surveyId)}`;
}

/** The survey a token names, when the server signed it. */
function surveyOfToken(ctx: AppContext, token: string): string | undefined {
  const separator = token.lastIndexOf('.');
  if (separator <= 0) return undefined;
  const surveyId = token.slice(0, separator);
  const expected = Buffer.from(sign(ctx.config.sessionSecret, surveyId));
  const actual = Buffer.from(token.slice(separator + 1));
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? surveyId : undefined;
}

/**
 * Whether the request comes from an embedded page, and the survey its token names (undefined for
 * `new` or a token the server did not sign). Undefined altogether for any other request.
 */
export function readEmbedRequest(
  ctx: AppContext,
  request: FastifyRequest,
): { surveyId: string | undefined } | undefined {
  const header = request.headers[headerKey];
  if (typeof header !== 'string') return undefined;
  return { surveyId: surveyOfToken(ctx, header.trim()) };
}

/**
 * An embedded page's call on one survey must carry that survey's token: another survey's token,
 * or none, is refused as a forged request would be (403). Answers whether the call is embedded.
 */
export function checkEmbedRequest(ctx: AppContext, request: FastifyRequest, surveyId: string): boolean {
  const embed = readEmbedRequest(ctx, request);
  if (!embed) return false;
  if (embed.surveyId !== surveyId) throw forbidden(invalidTokenMessage);
  return true;
}
