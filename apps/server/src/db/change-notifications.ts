import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { outageReporter } from './availability.js';
import type { DatabaseHandle } from './client.js';

/**
 * The database's change notifications, heard on one connection for every in-memory cache
 * (docs/decisions/006-session-cache.md, docs/decisions/032-link-cache.md). Triggers `pg_notify` a
 * cache's channel when what it holds changes, whoever made the change; a cache is told to trust
 * its entries only while its channel is heard, and to drop them whenever notifications may have
 * been missed (the connection lost, or closed).
 */
export interface ChangeSubscriber {
  /** Applies one notification's payload. */
  receive(payload: string): void;
  /** False while notifications may be missed; either way the entries stored before are dropped. */
  setTrusted(isTrusted: boolean): void;
}

export interface ChangeNotifications {
  /** `listening`: the caches are trusted; `reconnecting`: bypassed until it hears again; `none`: no caches. */
  state(): 'listening' | 'reconnecting' | 'none';
  close(): Promise<void>;
}

/** For processes that serve no requests: no cache, so nothing to hear. */
export const noChangeNotifications: ChangeNotifications = { state: () => 'none', close: async () => {} };

export const changeListenerName = 'graphium-change-notifications';

/** Channel names go into `LISTEN` as they are: plain identifiers only. */
const channelPattern = /^[a-z_][a-z0-9_]*$/;

/**
 * Subscribes each cache to its channel. On PGlite (one process) the embedded engine delivers the
 * notifications; on PostgreSQL a dedicated connection listens to every channel and reconnects with
 * backoff, and every cache is bypassed while it is down.
 */
export async function listenForChanges(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  subscribers: Record<string, ChangeSubscriber>,
): Promise<ChangeNotifications> {
  const channels = Object.keys(subscribers);
  for (const channel of channels) {
    if (!channelPattern.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  }
  const setAllTrusted = (isTrusted: boolean) => {
    for (const subscriber of Object.values(subscribers)) subscriber.setTrusted(isTrusted);
  };

  if (database.kind === 'pglite' && database.pglite) {
    const pglite = database.pglite;
    const unlisten: (() => Promise<void>)[] = [];
    for (const [channel, subscriber] of Object.entries(subscribers)) {
      unlisten.push(await pglite.listen(channel, (payload) => subscriber.receive(payload)));
    }
    setAllTrusted(true);
    let isClosed = false;
    return {
      state: () => (isClosed || pglite.closed ? 'none' : 'listening'),
      async close() {
        isClosed = true;
        setAllTrusted(false);
        if (pglite.closed) return;
        for (const stop of unlisten) await stop();
      },
    };
  }
  if (!database.connectionString) return noChangeNotifications;

  const connectionString = database.connectionString;
  let client: pg.Client | undefined;
  let isClosed = false;
  let retryDelayMs = 250;
  let retryTimer: NodeJS.Timeout | undefined;
  // One warning when the notifications are lost and one when they are back, not one per retry.
  const outage = outageReporter(log, "the caches' change notifications");

  const scheduleReconnect = () => {
    if (isClosed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryDelayMs);
    retryTimer.unref();
    retryDelayMs = Math.min(retryDelayMs * 2, 10_000);
  };

  const connect = async (): Promise<void> => {
    // Named, so an operator (or a test) can tell it from the pool's connections.
    const next = new pg.Client({ connectionString, application_name: changeListenerName });
    const lost = (error?: Error) => {
      if (client !== next) return;
      client = undefined;
      setAllTrusted(false);
      if (!isClosed) {
        outage.down(error);
        scheduleReconnect();
      }
      void next.end().catch(() => {});
    };
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => subscribers[message.channel]?.receive(message.payload ?? '*'));
    try {
      await next.connect();
      await next.query(channels.map((channel) => `listen ${channel}`).join('; '));
      if (isClosed) {
        await next.end();
        return;
      }
      client = next;
      retryDelayMs = 250;
      setAllTrusted(true);
      outage.up();
    } catch (error) {
      outage.down(error);
      void next.end().catch(() => {});
      scheduleReconnect();
    }
  };

  await connect();
  return {
    state: () => (isClosed ? 'none' : client ? 'listening' : 'reconnecting'),
    async close() {
      isClosed = true;
      setAllTrusted(false);
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
