import { describe, expect, it } from 'vitest';
import {
  apiKeyScopes,
  areaModeOf,
  createApiKeySchema,
  hasEveryArea,
  looksLikeApiKey,
  normalizeScopes,
  scopesOfLevel,
} from './api-key.js';

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

  it('trims the name, drops an empty description and defaults to reading every area', () => {
    expect(createApiKeySchema.parse({ apiKeyName: '  CRM sync ', apiKeyDescription: ' ' })).toEqual({
      apiKeyName: 'CRM sync',
      scopes: ['responses:read', 'templates:read', 'contacts:read', 'sends:read'],
    });
    expect(
      createApiKeySchema.parse({ apiKeyName: 'CRM', apiKeyDescription: 'Nightly', scope: 'read-write' }),
    ).toEqual({ apiKeyName: 'CRM', apiKeyDescription: 'Nightly', scopes: [...apiKeyScopes] });
    expect(createApiKeySchema.safeParse({ apiKeyName: 'CRM', scope: 'admin' }).success).toBe(false);
  });

  it('takes scopes per area, adds the read of each write and refuses none', () => {
    expect(
      createApiKeySchema.parse({ apiKeyName: 'CRM', scopes: ['sends:write', 'responses:read'] }).scopes,
    ).toEqual(['responses:read', 'sends:read', 'sends:write']);
    expect(createApiKeySchema.safeParse({ apiKeyName: 'CRM', scopes: ['sends:delete'] }).success).toBe(false);
    const none = createApiKeySchema.safeParse({ apiKeyName: 'CRM', scopes: [] });
    expect(none.error?.issues[0]).toMatchObject({
      path: ['scopes'],
      message: 'Choose at least one area the key may read',
    });
  });

  it('tells what a key may do per area and whether it covers every area', () => {
    const scopes = normalizeScopes(['templates:write', 'responses:read']);
    expect(areaModeOf(scopes, 'templates')).toBe('write');
    expect(areaModeOf(scopes, 'responses')).toBe('read');
    expect(areaModeOf(scopes, 'contacts')).toBe('none');
    expect(hasEveryArea(scopes, 'read')).toBe(false);
    expect(hasEveryArea(scopesOfLevel('read'), 'read')).toBe(true);
    expect(hasEveryArea(scopesOfLevel('read'), 'write')).toBe(false);
    expect(hasEveryArea(scopesOfLevel('read-write'), 'write')).toBe(true);
  });

  it('recognises the key format', () => {
    expect(looksLikeApiKey(`gph_live_${'A'.repeat(43)}`)).toBe(true);
    expect(looksLikeApiKey(`gph_live_${'A'.repeat(42)}`)).toBe(false);
    expect(looksLikeApiKey('some-session-token')).toBe(false);
  });
});
