import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
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
  /**
   * Seconds between SIGTERM and the listener closing, while `/api/health` answers 503 so a load
   * balancer stops sending new requests; then running requests finish (decision 040).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  /** Turns `/api/metrics` on, for scrapers that send it as a bearer token (decision 041). */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a message is retried through an outage of its provider before it fails. */
  DELIVERY_RETRY_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(24 * 30)
    .default(72),
  /**
   * How long a worker may hold a claimed message before handing it to the transport; past it the
   * sweep queues the message again (decision 050).
   */
  DELIVERY_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  /**
   * Which proxies' X-Forwarded-For is believed: off (default: the client is the connection's
   * peer), a hop count, or a comma-separated list of proxy addresses or CIDR ranges (and
   * proxy-addr's names loopback, linklocal, uniquelocal). Never everyone: a client could then name
   * any address and escape every per-address limit.
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((value) => parseTrustProxy(value) !== undefined, {
        message:
          'must be off, a hop count (1, 2, …) or a comma-separated list of proxy addresses or CIDR ranges (loopback, linklocal and uniquelocal allowed); "true" would let any client choose its address',
      })
      .optional(),
  ),
  /** Days the audit log keeps an event before the daily purge removes it. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  /**
   * Requests per minute allowed on sign-up and password reset, per client address. Sign-in counts
   * failures instead (docs/decisions/018-two-factor-and-sessions.md).
   */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /**
   * Surveys one client address may start through public links per minute
   * (docs/decisions/024-public-links.md): a person starts one; a script starting many stops here.
   */
  PUBLIC_LINK_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /**
   * Requests per minute one API key may make on /api/v1 (docs/decisions/037-public-api-v1.md);
   * every reply says how many are left (RateLimit-* headers), and 429 says when to retry.
   */
  API_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
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
  /**
   * Workspace webhook hosts allowed on private or loopback addresses, over http too (on-premise
   * receivers, tests): like SLACK_ALLOWED_PRIVATE_HOSTS, for docs/decisions/036-webhooks.md.
   */
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^\s*[\w.:[\]-]+(\s*,\s*[\w.:[\]-]+)*\s*$/,
        'must be a comma-separated list of host or host:port',
      )
      .optional(),
  ),
  /**
   * Identity provider hosts allowed on private or loopback addresses, over http too (on-premise
   * providers, tests): like SLACK_ALLOWED_PRIVATE_HOSTS, for docs/decisions/045-single-sign-on.md.
   */
  SSO_ALLOWED_PRIVATE_HOSTS: z.preprocess(
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

/** Fastify's `trustProxy`: false, a hop count or a list of addresses; undefined when unreadable. */
export type TrustProxy = false | number | string[];

const proxyAddressNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (proxyAddressNames.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const width = Number(bits);
  return /^\d{1,3}$/.test(bits) && width <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'off' || text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  deliveryRetryHours: number;
  deliveryLeaseSeconds: number;
  mailFrom: string;
  sms: { apiUrl: string; accountSid: string; authToken: string; from: string } | undefined;
  redisUrl: string | undefined;
  sessionSecret: string;
  providerWorkspaceId: string | undefined;
  runWorker: boolean;
  shutdownDrainSeconds: number;
  metricsToken: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  authRateLimit: number;
  publicLinkRateLimit: number;
  apiRateLimit: number;
  /** Whose X-Forwarded-For names the client (TRUST_PROXY); off by default. */
  trustProxy: TrustProxy;
  auditRetentionDays: number;
  webDistDir: string | undefined;
  cookieSecure: boolean;
  /** Lower-cased host or host:port entries of SLACK_ALLOWED_PRIVATE_HOSTS. */
  slackAllowedPrivateHosts: string[];
  /** Lower-cased host or host:port entries of WEBHOOK_ALLOWED_PRIVATE_HOSTS. */
  webhookAllowedPrivateHosts: string[];
  /** Lower-cased host or host:port entries of SSO_ALLOWED_PRIVATE_HOSTS. */
  ssoAllowedPrivateHosts: string[];
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

/** Why the data directory cannot be written, in words that say what to do. */
function dataDirProblem(dataDir: string, error: unknown): string {
  const code = (error as { code?: string }).code;
  const start = `Graphium could not start: the data directory ${dataDir} (DATA_DIR)`;
  if (code === 'EROFS') {
    return `${start} is read-only. Mount it writable or set DATA_DIR to a writable directory.`;
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return `${start} is not writable by this user. Give the user write access or set DATA_DIR to another directory.`;
  }
  if (code === 'ENOSPC') {
    return `${start} is on a full disk. Free some space and start again: every saved answer is kept.`;
  }
  return `${start} cannot be written: ${error instanceof Error ? error.message : String(error)}`;
}

/** Free space the embedded database needs to start: a new one (about 40 MB) or one that exists. */
const newDatabaseBytes = 64 * 1024 * 1024;
const existingDatabaseBytes = 16 * 1024 * 1024;

/**
 * Checks before anything is written that the data directory can be written (a file is written,
 * flushed and removed) and, for the embedded database in `databaseDir`, that its disk has room to
 * start. Throws a ConfigError that says what to do.
 */
export function checkDataDir(dataDir: string, databaseDir?: string): void {
  try {
    mkdirSync(dataDir, { recursive: true });
    const probe = join(dataDir, `.write-check-${process.pid}`);
    writeFileSync(probe, 'ok', { flush: true });
    rmSync(probe);
  } catch (error) {
    throw new ConfigError(dataDirProblem(dataDir, error));
  }
  if (!databaseDir) return;
  const needed = existsSync(join(databaseDir, 'PG_VERSION')) ? existingDatabaseBytes : newDatabaseBytes;
  const { bavail, bsize } = statfsSync(dataDir);
  const free = bavail * bsize;
  if (free < needed) {
    const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));
    throw new ConfigError(
      `Graphium could not start: the disk of the data directory ${dataDir} (DATA_DIR) has ${megabytes(free)} MB free; ` +
        `the embedded database needs at least ${megabytes(needed)} MB. Free some space and start again: every saved answer is kept.`,
    );
  }
}

function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    checkDataDir(dataDir);
    const secret = randomBytes(48).toString('base64url');
    // Processes starting together on a new data directory: the first to create the file wins
    // and the others read its secret, so every process signs with the same one.
    try {
      writeFileSync(`${file}.${process.pid}`, secret, { mode: 0o600 });
      linkSync(`${file}.${process.pid}`, file);
      return secret;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      return readFileSync(file, 'utf8').trim();
    } finally {
      rmSync(`${file}.${process.pid}`, { force: true });
    }
  }
}

function hostList(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
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
    deliveryLeaseSeconds: parsed.DELIVERY_LEASE_SECONDS,
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
    shutdownDrainSeconds: parsed.SHUTDOWN_DRAIN_SECONDS,
    metricsToken: parsed.METRICS_TOKEN,
    logLevel: parsed.LOG_LEVEL,
    authRateLimit: parsed.AUTH_RATE_LIMIT,
    publicLinkRateLimit: parsed.PUBLIC_LINK_RATE_LIMIT,
    apiRateLimit: parsed.API_RATE_LIMIT,
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY) ?? false,
    auditRetentionDays: parsed.AUDIT_RETENTION_DAYS,
    webDistDir: parsed.WEB_DIST_DIR,
    cookieSecure: publicUrl.startsWith('https://'),
    slackAllowedPrivateHosts: hostList(parsed.SLACK_ALLOWED_PRIVATE_HOSTS),
    webhookAllowedPrivateHosts: hostList(parsed.WEBHOOK_ALLOWED_PRIVATE_HOSTS),
    ssoAllowedPrivateHosts: hostList(parsed.SSO_ALLOWED_PRIVATE_HOSTS),
  };
}
