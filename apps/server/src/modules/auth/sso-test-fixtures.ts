import { expect } from 'vitest';
import { startTestIdentityProvider, type TestIdentityProvider } from '../../test/identity-provider.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { signUpClient, type TestClient } from '../../test/test-client.js';

// Single sign-on tests: the app, and a real OpenID Connect provider on this machine.

export async function startSsoTestBed(): Promise<{ t: TestApp; idp: TestIdentityProvider }> {
  const t = await createTestApp({ env: { SSO_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' } });
  const idp = await startTestIdentityProvider({
    redirectUris: [`${t.ctx.config.publicUrl}/api/auth/sso/callback`],
  });
  return { t, idp };
}

let sequence = 0;

/** A fresh e-mail domain per business: tests share a database per file. */
export function newDomain(): string {
  sequence += 1;
  return `acme${Date.now().toString(36)}${sequence}.test`;
}

/** A business whose admin signed up with an address at `domain`. */
export async function businessAt(t: TestApp, domain: string) {
  const { client, startup, body } = await signUpClient(t.client(), { emailAddress: `boss@${domain}` });
  return {
    admin: client,
    adminEmail: body.emailAddress,
    password: body.password,
    workspaceId: startup.workspaces[0]!.workspaceId,
    customerId: startup.workspaces[0]!.customerId,
  };
}

export async function configureSso(
  admin: TestClient,
  idp: TestIdentityProvider,
  settings: Record<string, unknown>,
) {
  const response = await admin.put('/api/customers/sso', {
    issuerUrl: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    defaultRole: 'editor',
    isRequired: false,
    ...settings,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
