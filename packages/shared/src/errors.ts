import { z } from 'zod';

/** Error codes the API answers with; each maps to one HTTP status (docs/architecture.md). */
const errorCodes = [
  'VALIDATION',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_LARGE',
  /** 422: an Idempotency-Key sent again with another request (docs/decisions/037-public-api-v1.md). */
  'UNPROCESSABLE',
  'RATE_LIMITED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

export const errorBodySchema = z.object({
  error: errorCodeSchema,
  message: z.string(),
  /** Field path (dot-joined) to its message, for 400 answers. */
  details: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The 401 of a person whose access to a workspace was removed (their sessions end at once; the
 * database writes the text, migration 0008): the sign-in page shows it.
 */
export const accessRemovedPattern = /^Your access to .+ was removed\.$/;
