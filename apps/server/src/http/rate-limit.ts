import type { RateLimitOptions } from '@fastify/rate-limit';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';

/** Sign-in, sign-up and password reset: AUTH_RATE_LIMIT requests a minute per client address. */
export function authRateLimit(ctx: AppContext): RateLimitOptions {
  return {
    max: ctx.config.authRateLimit,
    timeWindow: '1 minute',
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please try again in ${context.after}.`),
  };
}
