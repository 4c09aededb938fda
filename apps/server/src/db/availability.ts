/**
 * Whether an error means the database cannot be reached right now (restarting, failing over, a
 * connection cut or refused) rather than that the request was wrong: such a request answers 503
 * with Retry-After, and the next one tries again (docs/decisions/014-dependencies-that-go-away.md).
 */
const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);
const connectionErrorMessages =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection|the database system is (starting up|shutting down|in recovery mode)|Client was closed and is not queryable/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (connectionErrorCodes.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && connectionErrorMessages.test(message)) return true;
    current = cause;
  }
  return false;
}

/** The disk under the database is full, or its directory was made read-only. */
export type StorageProblem = 'full' | 'read-only';

/**
 * Whether an error means the database could not write to its disk: PostgreSQL's disk_full
 * (53100, "could not extend file": the embedded database reports the same), or the file system's
 * ENOSPC and EROFS. Nothing was written; the request answers 503 with what to do.
 */
export function storageProblemOf(error: unknown): StorageProblem | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return undefined;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === '53100' || code === 'ENOSPC') return 'full';
    if (code === 'EROFS') return 'read-only';
    if (typeof message === 'string') {
      if (/No space left on device/i.test(message)) return 'full';
      if (/Read-only file system/i.test(message)) return 'read-only';
    }
    current = cause;
  }
  return undefined;
}

/**
 * Logs a dependency's outage once, and its return once, however many errors come in between: a
 * database restart makes every idle connection of a pool fail, and a reconnecting client retries
 * many times a minute.
 */
export function outageReporter(
  log: { warn: (object: object, message: string) => void; info: (message: string) => void },
  what: string,
) {
  let isDown = false;
  return {
    down(error: unknown) {
      if (isDown) return;
      isDown = true;
      log.warn({ err: error }, `${what}: unavailable, retrying`);
    },
    up() {
      if (!isDown) return;
      isDown = false;
      log.info(`${what}: available again`);
    },
  };
}
