import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

// A real OpenID Connect provider (oidc-provider) on a free port of this machine, for the single
// sign-on tests (docs/decisions/045-single-sign-on.md): nothing calls the internet. Its login form
// signs in whoever types an address (the password is not checked); what the ID token says about
// them can be set per address.

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The claims the provider gives an address (merged over `email`, names and `email_verified`). */
  claimsFor: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function loginPage(uid: string, loginHint: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main>
<h1>Test identity provider</h1>
<form method="post" action="/interaction/${uid}/login">
<label for="login">Email</label> <input id="login" name="login" type="email" value="${escapeHtml(loginHint)}" required>
<label for="password">Password</label> <input id="password" name="password" type="password" required>
<button type="submit">Continue</button>
</form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTestIdentityProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
}): Promise<TestIdentityProvider> {
  const clientId = options.clientId ?? 'graphium-test-client';
  const clientSecret = options.clientSecret ?? 'graphium-test-client-secret-0123456789';
  const claimsFor = new Map<string, Record<string, unknown>>();
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) =>
    response.end();
  const server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: ['graphium-test-identity-provider'] },
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: 'test-key' }] },
    ttl: { AccessToken: 600, Grant: 600, IdToken: 3600, Interaction: 600, Session: 600 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The address and names in the ID token itself, as enterprise providers send them.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // No consent screen: the business's own application is trusted.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const [local = id] = id.split('@');
      return {
        accountId: id,
        claims: async () => ({
          sub: id,
          email: id,
          email_verified: true,
          given_name: local.charAt(0).toUpperCase() + local.slice(1),
          family_name: 'Example',
          ...claimsFor.get(id),
        }),
      };
    },
  };
  const provider = new Provider(issuer, configuration);
  const providerCallback = provider.callback();

  handle = (request, response) => {
    const match = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(request.url ?? '');
    if (!match) {
      providerCallback(request, response);
      return;
    }
    void (async () => {
      try {
        const details = await provider.interactionDetails(request, response);
        if (request.method === 'GET') {
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.end(loginPage(details.uid, String(details.params.login_hint ?? '')));
        } else if (match[2] === '/login') {
          const login = (await readForm(request)).get('login')?.trim().toLowerCase() ?? '';
          await provider.interactionFinished(request, response, { login: { accountId: login } });
        } else {
          await provider.interactionFinished(request, response, {
            error: 'access_denied',
            error_description: 'The person cancelled the sign-in.',
          });
        }
      } catch (error) {
        response.statusCode = 400;
        response.end(String(error));
      }
    })();
  };

  return {
    issuer,
    clientId,
    clientSecret,
    claimsFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser's trip through the provider, for API tests: from the authorization address, through
 * its login form as `login`, to the address it sends the browser back to (the app's callback).
 */
export async function signInAtTestProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (url: URL, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  };
  let url = new URL(authorizationUrl);
  let response = await send(url);
  for (let hop = 0; hop < 10; hop += 1) {
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin && next.origin !== new URL(authorizationUrl).origin) return next;
      url = next;
      response = await send(url);
    } else if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
      url = new URL(`${url.pathname}/login`, url);
      response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login, password: 'any password' }).toString(),
      });
    } else {
      throw new Error(`the provider answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
    }
  }
  throw new Error('the provider redirected too many times');
}
