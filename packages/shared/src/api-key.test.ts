import { describe, expect, it } from 'vitest';
import { createApiKeySchema, looksLikeApiKey } from './api-key.js';

const nameMessage = (apiKeyName: unknown) =>
  createApiKeySchema.safeParse({ apiKeyName }).error?.issues[0]?.message;

describe('API key rules (docs/product-rules.md#logo-and-api-keys)', () => {
  it('requires a name of 2 to 99 characters with the form messages', () => {
    expect(nameMessage(undefined)).toBe('API key name is required');
    expect(nameMessage('   ')).toBe('API key name is required');
    expect(nameMessage('a')).toBe('API key name must be at least 2 characters');
    expect(nameMessage('a'.repeat(100))).toBe('API key name must be less than 100 characters');
    expect(nameMessage('ab')).toBeUndefined();
    expect(nameMessage('a'.repeat(99))).toBeUndefined();
  });

  it('trims the name, drops an empty description and defaults the scope to read', () => {
    expect(createApiKeySchema.parse({ apiKeyName: '  CRM sync ', apiKeyDescription: ' ' })).toEqual({
      apiKeyName: 'CRM sync',
      scope: 'read',
    });
    expect(
      createApiKeySchema.parse({ apiKeyName: 'CRM', apiKeyDescription: 'Nightly', scope: 'read-write' }),
    ).toEqual({ apiKeyName: 'CRM', apiKeyDescription: 'Nightly', scope: 'read-write' });
    expect(createApiKeySchema.safeParse({ apiKeyName: 'CRM', scope: 'admin' }).success).toBe(false);
  });

  it('recognises the key format', () => {
    expect(looksLikeApiKey(`gph_live_${'A'.repeat(43)}`)).toBe(true);
    expect(looksLikeApiKey(`gph_live_${'A'.repeat(42)}`)).toBe(false);
    expect(looksLikeApiKey('some-session-token')).toBe(false);
  });
});
