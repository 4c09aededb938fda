import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestMailbox } from '../../apps/server/src/test/smtp.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createNetServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function signUpProvider(baseUrl: string) {
  const health = await fetch(`${baseUrl}/api/health`);
  const xsrf = health.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('XSRF-TOKEN='))!
    .split(';')[0]!;
  const account = {
    firstName: 'Priya',
    lastName: 'Provider',
    businessName: 'Graphium Provider',
    emailAddress: `provider.${Date.now()}@example.com`,
    password: 'Pr0vider!pass',
    termsAgreement: true,
  };
  const response = await fetch(`${baseUrl}/api/accounts/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: xsrf, 'x-xsrf-token': xsrf.split('=')[1]! },
    body: JSON.stringify(account),
  });
  if (response.status !== 201)
    throw new Error(`provider sign-up failed: ${response.status} ${await response.text()}`);
  const startup = (await response.json()) as { workspaces: { workspaceId: string }[] };
  return { ...account, workspaceId: startup.workspaces[0]!.workspaceId };
}

/**
 * Starts a real SMTP server (the API tests' mailbox, with a small HTTP reader for the browser tests) and the
 * built Graphium
 * server on free ports, with a fresh embedded database. Workers read the addresses from the env.
 */
export default async function globalSetup() {
  const mailbox = await startTestMailbox();
  const { messages } = mailbox;

  const reader = createHttpServer((_request, response) => {
    const body = messages.map((mail) => ({
      to: (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((to) =>
        to.value.map((value) => value.address?.toLowerCase()),
      ),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    }));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(body));
  });
  const readerPort = await freePort();
  await new Promise<void>((resolve) => reader.listen(readerPort, '127.0.0.1', resolve));

  const appPort = await freePort();
  const baseUrl = `http://127.0.0.1:${appPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'graphium-e2e-'));
  const startServer = async (extraEnv: Record<string, string> = {}) => {
    const server = spawn(
      process.execPath,
      [fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url))],
      {
        env: {
          ...process.env,
          PORT: String(appPort),
          PUBLIC_URL: baseUrl,
          DATA_DIR: dataDir,
          SMTP_URL: mailbox.url,
          AUTH_RATE_LIMIT: '1000',
          LOG_LEVEL: 'warn',
          DATABASE_URL: '',
          // The webhooks flow posts to a receiver of its own on this machine.
          WEBHOOK_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
          // The single sign-on flow starts an identity provider of its own on this machine.
          SSO_ALLOWED_PRIVATE_HOSTS: '127.0.0.1',
          ...extraEnv,
        },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    await waitForHealth(`${baseUrl}/api/health`, server);
    return server;
  };
  const stopServer = async (server: ChildProcess) => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };

  // The provider workspace is chosen at start (docs/architecture.md): sign its admin up, then
  // restart with PROVIDER_WORKSPACE_ID naming that workspace.
  const first = await startServer();
  const provider = await signUpProvider(baseUrl);
  await stopServer(first);
  const server = await startServer({ PROVIDER_WORKSPACE_ID: provider.workspaceId });
  process.env.E2E_PROVIDER_EMAIL = provider.emailAddress;
  process.env.E2E_PROVIDER_PASSWORD = provider.password;

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${readerPort}`;

  return async () => {
    await stopServer(server);
    await mailbox.close();
    await new Promise<void>((resolve) => reader.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
