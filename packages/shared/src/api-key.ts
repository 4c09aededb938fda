import { z } from 'zod';

/**
 * What a key may do, per area of the API (docs/decisions/037-public-api-v1.md): read or write
 * responses, templates, contacts and sends. Writing an area includes reading it.
 */
export const apiAreas = ['responses', 'templates', 'contacts', 'sends'] as const;
export type ApiArea = (typeof apiAreas)[number];
export type ApiAccessMode = 'read' | 'write';

export const apiKeyScopes = [
  'responses:read',
  'responses:write',
  'templates:read',
  'templates:write',
  'contacts:read',
  'contacts:write',
  'sends:read',
  'sends:write',
] as const satisfies readonly `${ApiArea}:${ApiAccessMode}`[];
const apiKeyScopeSchema = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

export function scopeOf(area: ApiArea, mode: ApiAccessMode): ApiKeyScope {
  return `${area}:${mode}`;
}

/**
 * The two levels keys had before areas, still accepted when generating one: `read` is every
 * area's read scope, `read-write` every scope.
 */
const apiKeyLevels = ['read', 'read-write'] as const;
type ApiKeyLevel = (typeof apiKeyLevels)[number];

export function scopesOfLevel(level: ApiKeyLevel): ApiKeyScope[] {
  return apiAreas.flatMap((area) =>
    level === 'read-write' ? [scopeOf(area, 'read'), scopeOf(area, 'write')] : [scopeOf(area, 'read')],
  );
}

/** The scopes in their canonical order, each write with its read. */
export function normalizeScopes(scopes: readonly ApiKeyScope[]): ApiKeyScope[] {
  const wanted = new Set(scopes);
  for (const area of apiAreas) {
    if (wanted.has(scopeOf(area, 'write'))) wanted.add(scopeOf(area, 'read'));
  }
  return apiKeyScopes.filter((scope) => wanted.has(scope));
}

/** What a key may do in one area: nothing, read, or read and write. */
export function areaModeOf(scopes: readonly ApiKeyScope[], area: ApiArea): ApiAccessMode | 'none' {
  if (scopes.includes(scopeOf(area, 'write'))) return 'write';
  return scopes.includes(scopeOf(area, 'read')) ? 'read' : 'none';
}

/** Whether the key holds the scope in every area (what the unversioned data routes ask of a key). */
export function hasEveryArea(scopes: readonly ApiKeyScope[], mode: ApiAccessMode): boolean {
  return apiAreas.every((area) => scopes.includes(scopeOf(area, mode)));
}

/**
 * Keys are `gph_live_` + 256 random bits in base64url (43 characters). The prefix lets people
 * and secret scanners recognise a leaked key; the server stores only its SHA-256.
 */
export const apiKeyPrefix = 'gph_live_';
const apiKeyPattern = /^gph_live_[A-Za-z0-9_-]{43}$/;

export function looksLikeApiKey(value: string): boolean {
  return apiKeyPattern.test(value);
}

/**
 * docs/product-rules.md#logo-and-api-keys: a stored key is shown as 15 dots; the copy confirmation lasts 2
 * seconds.
 */
export const maskedApiKey = '•'.repeat(15);
export const apiKeyCopyConfirmationMs = 2000;

// docs/product-rules.md#logo-and-api-keys: 2 to 99 characters. The spec's button accepts 100 but its message
// ("less than 100")
// rejects it; both reject 100 here.
const apiKeyNameRules = { minLength: 2, maxLength: 99 } as const;
const apiKeyDescriptionMaxLength = 500;

const apiKeyNameSchema = z
  .string({ error: 'API key name is required' })
  .trim()
  .min(1, 'API key name is required')
  .min(apiKeyNameRules.minLength, 'API key name must be at least 2 characters')
  .max(apiKeyNameRules.maxLength, 'API key name must be less than 100 characters');

const apiKeyDescriptionSchema = z
  .string()
  .trim()
  .max(
    apiKeyDescriptionMaxLength,
    `API key description must be at most ${apiKeyDescriptionMaxLength} characters`,
  )
  .nullish()
  .transform((value) => (value ? value : undefined));

/**
 * `POST /customers/api-keys` (docs/product-rules.md#logo-and-api-keys): `scopes` per area, or the
 * older `scope` level; a key without either may only read (every area).
 */
export const createApiKeySchema = z
  .object({
    apiKeyName: apiKeyNameSchema,
    apiKeyDescription: apiKeyDescriptionSchema,
    scopes: z.array(apiKeyScopeSchema, { error: 'Choose what the key may do' }).max(20).optional(),
    scope: z.enum(apiKeyLevels, { error: 'scope must be read or read-write' }).optional(),
  })
  .transform(({ scopes, scope, ...rest }) => ({
    ...rest,
    scopes: normalizeScopes(scopes ?? scopesOfLevel(scope ?? 'read')),
  }))
  .refine((input) => input.scopes.length > 0, {
    path: ['scopes'],
    message: 'Choose at least one area the key may read',
  });
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  apiKeyId: z.uuid(),
  apiKeyName: z.string(),
  apiKeyDescription: z.string().nullable(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.iso.datetime(),
  /** Updated at most once a minute per key. */
  lastUsedAt: z.iso.datetime().nullable(),
  isActive: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `GET /customers/api-keys`: newest first. */
export const apiKeysResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

/** The only reply that ever holds the key itself. */
export const createdApiKeySchema = z.object({
  apiKeyId: z.uuid(),
  apiKey: z.string(),
  apiKeyName: z.string(),
  apiKeyDescription: z.string().nullable(),
  scopes: z.array(apiKeyScopeSchema),
  createdAt: z.iso.datetime(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
