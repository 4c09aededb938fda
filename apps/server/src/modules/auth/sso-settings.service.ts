import type { SsoConnectionTest, SsoSettings, SsoSettingsBody } from '@graphium/shared';
import type { WorkspaceActor } from '../../actor.js';
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { checkOutboundUrl, OutboundAddressError } from '../../net/outbound-http.js';
import { recordAudit } from '../audit/audit.service.js';
import { findWorkspaceName } from '../workspaces/workspaces.service.js';
import {
  deleteConnection,
  findConnectionDomains,
  findConnectionOfCustomer,
  findDomainsOwnedElsewhere,
  type SsoConnectionRow,
  upsertConnection,
} from './sso.repository.js';
import {
  decryptClientSecret,
  discoverIssuer,
  encryptClientSecret,
  issuerAddressMessages,
} from './sso-oidc-client.js';

// Settings → Single sign-on: a customer's admins set its OpenID Connect connection
// (docs/decisions/045-single-sign-on.md). The client secret is write-only.

const secretRequiredMessage = 'Enter the client secret from your identity provider';
const notConfiguredMessage = 'Single sign-on is not set up for your business.';

/** The address the identity provider sends people back to; register it there. */
export function ssoRedirectUrl(ctx: AppContext): string {
  return `${ctx.config.publicUrl}/api/auth/sso/callback`;
}

async function toSettings(
  ctx: AppContext,
  db: Executor,
  row: SsoConnectionRow | undefined,
): Promise<SsoSettings> {
  if (!row) {
    return {
      isConfigured: false,
      issuerUrl: '',
      clientId: '',
      hasClientSecret: false,
      allowedDomains: [],
      defaultRole: 'editor',
      isRequired: false,
      workspaceId: null,
      workspaceName: null,
      redirectUrl: ssoRedirectUrl(ctx),
    };
  }
  return {
    isConfigured: true,
    issuerUrl: row.issuerUrl,
    clientId: row.clientId,
    hasClientSecret: row.clientSecretEncrypted !== '',
    allowedDomains: await findConnectionDomains(db, row.id),
    defaultRole: row.defaultRole,
    isRequired: row.isRequired,
    workspaceId: row.workspaceId,
    workspaceName: (await findWorkspaceName(db, row.workspaceId)) || null,
    redirectUrl: ssoRedirectUrl(ctx),
  };
}

/** What the audit log keeps of a connection: never the secret. */
function audited(settings: SsoSettings) {
  const { issuerUrl, clientId, allowedDomains, defaultRole, isRequired, workspaceName } = settings;
  return { issuerUrl, clientId, allowedDomains, defaultRole, isRequired, workspaceName };
}

/** `GET /customers/sso` (admins): the customer's connection, or an empty one. */
export async function getSsoSettings(ctx: AppContext, actor: WorkspaceActor): Promise<SsoSettings> {
  return toSettings(ctx, ctx.db, await findConnectionOfCustomer(ctx.db, actor.customerId));
}

async function checkIssuerAddress(ctx: AppContext, issuerUrl: string): Promise<void> {
  try {
    await checkOutboundUrl(issuerUrl, ctx.config.ssoAllowedPrivateHosts, issuerAddressMessages);
  } catch (error) {
    if (error instanceof OutboundAddressError) throw invalid(error.message, { issuerUrl: error.message });
    throw error;
  }
}

/**
 * `PUT /customers/sso` (admins): sets the connection. People signing in for the first time join
 * the workspace it is saved from. A domain another business uses is refused: one domain, one
 * identity provider.
 */
export async function saveSsoSettings(
  ctx: AppContext,
  actor: WorkspaceActor,
  input: SsoSettingsBody,
): Promise<SsoSettings> {
  await checkIssuerAddress(ctx, input.issuerUrl);
  const secret = input.clientSecret?.trim();
  const saved = await ctx.db.transaction(async (tx) => {
    const existing = await findConnectionOfCustomer(tx, actor.customerId);
    if (!secret && !existing) throw invalid(secretRequiredMessage, { clientSecret: secretRequiredMessage });
    const taken = await findDomainsOwnedElsewhere(tx, input.allowedDomains, existing?.id);
    if (taken.length > 0) {
      const message = `${taken.join(', ')} already ${taken.length === 1 ? 'signs' : 'sign'} in with another business's identity provider.`;
      throw invalid(message, { allowedDomains: message });
    }
    const before = existing ? await toSettings(ctx, tx, existing) : undefined;
    const row = await upsertConnection(
      tx,
      {
        customerId: actor.customerId,
        workspaceId: actor.workspaceId,
        issuerUrl: input.issuerUrl,
        clientId: input.clientId,
        clientSecretEncrypted: secret
          ? encryptClientSecret(ctx.config.sessionSecret, secret)
          : existing!.clientSecretEncrypted,
        defaultRole: input.defaultRole,
        isRequired: input.isRequired,
      },
      input.allowedDomains,
      ctx.now(),
    );
    const after = await toSettings(ctx, tx, row);
    await recordAudit(
      ctx,
      tx,
      actor,
      'sso.changed',
      { type: 'sso', id: row.id, label: input.issuerUrl },
      { ...(before ? { before: audited(before) } : {}), after: audited(after), isSecretChanged: !!secret },
    );
    return after;
  });
  return saved;
}

/** `DELETE /customers/sso` (admins): password sign-in only again. */
export async function removeSsoSettings(ctx: AppContext, actor: WorkspaceActor): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const existing = await findConnectionOfCustomer(tx, actor.customerId);
    if (!existing) throw notFound(notConfiguredMessage);
    const before = await toSettings(ctx, tx, existing);
    await deleteConnection(tx, existing.id);
    await recordAudit(
      ctx,
      tx,
      actor,
      'sso.removed',
      { type: 'sso', id: existing.id, label: existing.issuerUrl },
      { before: audited(before) },
    );
  });
}

/**
 * `POST /customers/sso/test` (admins): reads the saved issuer's discovery document, so an admin
 * knows the address and the network path work before anyone signs in.
 */
export async function testSsoConnection(ctx: AppContext, actor: WorkspaceActor): Promise<SsoConnectionTest> {
  const existing = await findConnectionOfCustomer(ctx.db, actor.customerId);
  if (!existing) throw notFound(notConfiguredMessage);
  await checkIssuerAddress(ctx, existing.issuerUrl);
  try {
    const configuration = await discoverIssuer(ctx, {
      issuerUrl: existing.issuerUrl,
      clientId: existing.clientId,
      clientSecret: decryptClientSecret(ctx.config.sessionSecret, existing.clientSecretEncrypted),
    });
    const { issuer } = configuration.serverMetadata();
    return { message: `Connected: ${issuer} answered its discovery document.`, issuer };
  } catch (error) {
    if (error instanceof OutboundAddressError) throw invalid(error.message, { issuerUrl: error.message });
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError(
      'UNPROCESSABLE',
      `The identity provider's discovery document could not be read: ${reason}`,
    );
  }
}
