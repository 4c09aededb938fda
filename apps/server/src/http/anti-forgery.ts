import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { embedTokenHeaderName, looksLikeApiKey, xsrfCookieName, xsrfHeaderName } from '@graphium/shared';
import type { FastifyInstance } from 'fastify';
import { forbidden } from '../errors.js';
import { RememberedValues } from '../remembered-values.js';
import { readBearerToken } from './credentials.js';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const embedHeaderKey = embedTokenHeaderName.toLowerCase();

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes no cookie credential, so a forged request gains nothing. */
    skipAntiForgery?: boolean;
    /**
     * A respondent route an embedded page calls (decision 024): its `X-Graphium-Embed` header
     * stands for the anti-forgery one, and the route then reads no cookie, only the header's token.
     */
    embedTransport?: boolean;
  }
}

function sign(secret: string, nonce: string): string {
  return createHmac('sha256', secret).update(`xsrf:${nonce}`).digest('base64url').slice(0, 32);
}

function createXsrfToken(secret: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${sign(secret, nonce)}`;
}

function isValidXsrfToken(secret: string, token: string | undefined): token is string {
  if (!token) return false;
  const [nonce, signature] = token.split('.');
  if (!nonce || !signature) return false;
  const expected = Buffer.from(sign(secret, nonce));
  const actual = Buffer.from(signature);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Signed double-submit anti-forgery (docs/architecture.md): a readable `XSRF-TOKEN` cookie that the
 * client echoes in `X-XSRF-TOKEN` on every mutation. The signature stops a planted cookie. Calls
 * with an API key (`Authorization: Bearer gph_live_…`) carry no ambient credentials and are
 * exempt: a Bearer request never acts through the session cookie (credentials.ts), and a
 * Bearer value that is not shaped like a key gets no exemption at all.
 */
export function registerAntiForgery(
  app: FastifyInstance,
  options: { secret: string; secure: boolean },
): void {
  const validTokens = new RememberedValues<true>();
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[xsrfCookieName];
    const hasValidCookie =
      cookie !== undefined &&
      validTokens.get(options, cookie, (token) => isValidXsrfToken(options.secret, token) || undefined) ===
        true;
    if (!hasValidCookie) {
      reply.setCookie(xsrfCookieName, createXsrfToken(options.secret), {
        path: '/',
        sameSite: 'lax',
        secure: options.secure,
        httpOnly: false,
      });
    }
    if (safeMethods.has(request.method)) return;
    // A route whose URL is its own credential and that uses no ambient one (the one-click
    // unsubscribe that mail providers POST, decision 008) opts out.
    if (request.routeOptions.config?.skipAntiForgery) return;
    // An embedded respondent page's call: a custom header no cross-site page can send (no CORS
    // preflight is ever granted); the route checks its token and uses no ambient credential.
    if (request.routeOptions.config?.embedTransport && typeof request.headers[embedHeaderKey] === 'string')
      return;
    const bearer = readBearerToken(request);
    if (bearer !== undefined && looksLikeApiKey(bearer)) return;
    const header = request.headers[xsrfHeaderName.toLowerCase()];
    if (!hasValidCookie || typeof header !== 'string' || header !== cookie) {
      throw forbidden('Missing or invalid anti-forgery token. Reload the page and try again.');
    }
  });
}
