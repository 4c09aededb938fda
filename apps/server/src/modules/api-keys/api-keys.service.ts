import { randomBytes } from 'node:crypto';
import {
  type ApiAccessMode,
  type ApiArea,
  type ApiKey,
  type ApiKeyScope,
  type ApiKeysResponse,
  apiKeyPrefix,
  type CreateApiKeyInput,
  type CreatedApiKey,
  createApiKeySchema,
  hasEveryArea,
  scopeOf,
} from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import { isRequested, unknownWorkspaceMessage } from '../../actor.js';
import type { AppContext } from '../../context.js';
import { forbidden, notFound, unauthenticated } from '../../errors.js';
import { hashToken } from '../../tokens.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  type ApiKeyRow,
  findActiveApiKey,
  findCustomerApiKey,
  findCustomerApiKeys,
  insertApiKey,
  revokeCustomerApiKey,
  touchApiKey,
} from './api-keys.repository.js';

// "Last used" needs minute precision, not a write per request.
const touchIntervalMs = 60 * 1000;

const invalidApiKeyMessage = 'Invalid or revoked API key.';
const readOnlyApiKeyMessage = 'This API key is read-only.';

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    apiKeyId: row.id,
    apiKeyName: row.name,
    apiKeyDescription: row.description,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    isActive: row.isActive,
  };
}

/** A new key: 256 random bits behind a recognisable prefix. */
function generateApiKey(): { apiKey: string; keyHash: string } {
  const apiKey = `${apiKeyPrefix}${randomBytes(32).toString('base64url')}`;
  return { apiKey, keyHash: hashToken(apiKey) };
}

/** `GET /customers/api-keys`: any member sees the keys of their workspace's customer. */
export async function listApiKeys(ctx: AppContext, actor: WorkspaceActor): Promise<ApiKeysResponse> {
  const rows = await findCustomerApiKeys(ctx.db, actor.customerId);
  return { apiKeys: rows.map(toApiKey) };
}

/** `POST /customers/api-keys`: the reply is the only time the key itself leaves the server. */
export async function createApiKey(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: CreateApiKeyInput,
): Promise<CreatedApiKey> {
  const { apiKeyName, apiKeyDescription, scopes } = createApiKeySchema.parse(input);
  const { apiKey, keyHash } = generateApiKey();
  const row = await ctx.db.transaction(async (tx) => {
    const row = await insertApiKey(tx, {
      customerId: actor.customerId,
      name: apiKeyName,
      description: apiKeyDescription ?? null,
      keyHash,
      scopes,
      createdByAccountId: actor.accountId ?? null,
    });
    await recordAudit(
      ctx,
      tx,
      actor,
      'api-key.generated',
      { type: 'api-key', id: row.id, label: row.name },
      { scopes },
    );
    return row;
  });
  return {
    apiKeyId: row.id,
    apiKey,
    apiKeyName: row.name,
    apiKeyDescription: row.description,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `DELETE /customers/api-keys/{id}`. Revoking is idempotent (docs/decisions/004-api-keys.md): a
 * key revoked already answers 200 with its state unchanged, so a retried call never fails.
 */
export async function revokeApiKey(
  ctx: AppContext,
  actor: WorkspaceActor,
  apiKeyId: string,
): Promise<ApiKey> {
  const { customerId } = actor;
  const revoked = await ctx.db.transaction(async (tx) => {
    const row = await revokeCustomerApiKey(tx, customerId, apiKeyId, ctx.now());
    if (row)
      await recordAudit(ctx, tx, actor, 'api-key.revoked', { type: 'api-key', id: row.id, label: row.name });
    return row;
  });
  if (revoked) return toApiKey(revoked);
  const existing = await findCustomerApiKey(ctx.db, customerId, apiKeyId);
  if (!existing) throw notFound('API key not found');
  return toApiKey(existing);
}

/** A key in use: its customer, the workspace it acts in and what it may do. */
export interface AuthenticatedApiKey {
  apiKeyId: string;
  customerId: string;
  workspaceId: string;
  scopes: ApiKeyScope[];
}

/**
 * What a call needs of a key: on a `/api/v1` route, the scope of its area; on the unversioned
 * data routes (the web app's paths, which keys reached before areas), the scope in every area.
 */
export interface ApiKeyNeed {
  mode: ApiAccessMode;
  area?: ApiArea;
}

function refusalOf(scopes: readonly ApiKeyScope[], need: ApiKeyNeed): string | undefined {
  if (need.area) {
    if (scopes.includes(scopeOf(need.area, need.mode))) return undefined;
    return `This API key may not ${need.mode === 'write' ? 'change' : 'read'} ${need.area}: it needs the ${scopeOf(need.area, need.mode)} scope.`;
  }
  if (hasEveryArea(scopes, need.mode)) return undefined;
  if (need.mode === 'write' && !scopes.some((scope) => scope.endsWith(':write')))
    return readOnlyApiKeyMessage;
  return 'This API key is limited to some areas: call the /api/v1 routes of those areas.';
}

/**
 * The key behind a bearer credential and the workspace it acts in: the requested one among its
 * customer's workspaces (another answers 404, never falls back), else the oldest. An unknown or revoked key fails at once, never falling
 * back to a session.
 */
export async function authenticateApiKey(
  ctx: AppContext,
  apiKey: string,
  requestedWorkspaceId: unknown,
  need: ApiKeyNeed,
): Promise<AuthenticatedApiKey> {
  const key = await findActiveApiKey(ctx.db, hashToken(apiKey));
  if (!key) throw unauthenticated(invalidApiKeyMessage);
  const refusal = refusalOf(key.scopes, need);
  if (refusal) throw forbidden(refusal);
  if (isRequested(requestedWorkspaceId) && !key.workspaceIds.includes(requestedWorkspaceId)) {
    throw notFound(unknownWorkspaceMessage);
  }
  const workspaceId = isRequested(requestedWorkspaceId) ? requestedWorkspaceId : key.workspaceIds[0];
  if (!workspaceId) throw forbidden('This API key has no workspace to work in.');
  const now = ctx.now();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > touchIntervalMs) {
    await touchApiKey(ctx.db, key.apiKeyId, now, touchIntervalMs);
  }
  return { workspaceId, customerId: key.customerId, apiKeyId: key.apiKeyId, scopes: key.scopes };
}
