import { z } from 'zod';

/** What a key may do: `read` calls only reading routes; `read-write` may change data too. */
export const apiKeyScopes = ['read', 'read-write'] as const;
const apiKeyScopeSchema = z.enum(apiKeyScopes);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

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
 * `POST /customers/api-keys` (docs/product-rules.md#logo-and-api-keys); a key without a chosen scope may only
 * read.
 */
export const createApiKeySchema = z.object({
  apiKeyName: apiKeyNameSchema,
  apiKeyDescription: apiKeyDescriptionSchema,
  scope: apiKeyScopeSchema.default('read'),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  apiKeyId: z.uuid(),
  apiKeyName: z.string(),
  apiKeyDescription: z.string().nullable(),
  scope: apiKeyScopeSchema,
  createdAt: z.iso.datetime(),
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
  scope: apiKeyScopeSchema,
  createdAt: z.iso.datetime(),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
