import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: RegExp) =>
  z.preprocess(emptyToUndefined, z.url({ protocol: protocols }).optional());

/** README.md#configuration: every setting comes from the environment, parsed once at boot. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl(/^https?$/),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/),
  SMTP_URL: optionalUrl(/^smtps?$/),
  MAIL_FROM: z.string().min(3).default('Graphium <no-reply@localhost>'),
  SMS_API_URL: optionalUrl(/^https?$/),
  SMS_ACCOUNT_SID: optionalString,
  SMS_AUTH_TOKEN: optionalString,
  SMS_FROM: optionalString,
  REDIS_URL: optionalUrl(/^rediss?$/),
  SESSION_SECRET: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  PROVIDER_WORKSPACE_ID: z.preprocess(emptyToUndefined, z.uuid().optional()),
  WORKER: z.enum(['in-process', 'off']).default('in-process'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a message is retried through an outage of its provider before it fails. */
  DELIVERY_RETRY_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(72),
  /** Requests per minute allowed on sign-in, sign-up and password reset, per client address. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Directory of the built web app; empty to serve the API only. */
  WEB_DIST_DIR: optionalString,
  /**
   * Slack webhook hosts (host or host:port, comma-separated) allowed although they resolve to a
   * private or loopback address, over http too: on-premise installs and tests. Off by default.
   */
  SLACK_ALLOWED_PRIVATE_HOSTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^\s*[\w.:[\]-]+(\s*,\s*[\w.:[\]-]+)*\s*$/,
        'must be a comma-separated list of host or host:port',
      )
      .optional(),
  ),
});

type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  deliveryRetryHours: number;
  mailFrom: string;
  sms: { apiUrl: string; accountSid: string; authToken: string; from: string } | undefined;
  redisUrl: string | undefined;
  sessionSecret: string;
  providerWorkspaceId: string | undefined;
  runWorker: boolean;
  logLevel: Env['LOG_LEVEL'];
  authRateLimit: number;
  webDistDir: string | undefined;
  cookieSecure: boolean;
  /** Lower-cased host or host:port entries of SLACK_ALLOWED_PRIVATE_HOSTS. */
  slackAllowedPrivateHosts: string[];
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
function parseEnv(env: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = parseEnv(env);
  // `npm start` runs in apps/server; a relative DATA_DIR means the directory npm was started in.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), parsed.DATA_DIR);
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, '');
  const smsParts = [parsed.SMS_API_URL, parsed.SMS_ACCOUNT_SID, parsed.SMS_AUTH_TOKEN, parsed.SMS_FROM];
  if (smsParts.some(Boolean) && !smsParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid configuration:\n  SMS_*: set all of SMS_API_URL, SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM, or none',
    );
  }
  return {
    nodeEnv: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    publicUrl,
    dataDir,
    databaseUrl: parsed.DATABASE_URL,
    smtpUrl: parsed.SMTP_URL,
    deliveryRetryHours: parsed.DELIVERY_RETRY_HOURS,
    mailFrom: parsed.MAIL_FROM,
    sms:
      parsed.SMS_API_URL && parsed.SMS_ACCOUNT_SID && parsed.SMS_AUTH_TOKEN && parsed.SMS_FROM
        ? {
            apiUrl: parsed.SMS_API_URL,
            accountSid: parsed.SMS_ACCOUNT_SID,
            authToken: parsed.SMS_AUTH_TOKEN,
            from: parsed.SMS_FROM,
          }
        : undefined,
    redisUrl: parsed.REDIS_URL,
    sessionSecret: parsed.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    providerWorkspaceId: parsed.PROVIDER_WORKSPACE_ID,
    runWorker: parsed.WORKER === 'in-process',
    logLevel: parsed.LOG_LEVEL,
    authRateLimit: parsed.AUTH_RATE_LIMIT,
    webDistDir: parsed.WEB_DIST_DIR,
    cookieSecure: publicUrl.startsWith('https://'),
    slackAllowedPrivateHosts: (parsed.SLACK_ALLOWED_PRIVATE_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  };
}
