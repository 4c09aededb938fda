import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLogger } from '../bootstrap.js';
import { openTestDatabase } from '../test/database.js';
import {
  type ChangeNotifications,
  type ChangeSubscriber,
  changeListenerName,
  listenForChanges,
} from './change-notifications.js';
import type { DatabaseHandle } from './client.js';

const onPostgres = Boolean(inject('postgresTemplate'));

class Recorder implements ChangeSubscriber {
  readonly payloads: string[] = [];
  isTrusted = false;
  receive(payload: string): void {
    this.payloads.push(payload);
  }
  setTrusted(isTrusted: boolean): void {
    this.isTrusted = isTrusted;
  }
}

/** Polls (a notification or a reconnection takes a moment), at most 5 s. */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('change notifications on one listening connection', () => {
  let database: DatabaseHandle;
  let notifications: ChangeNotifications;
  const first = new Recorder();
  const second = new Recorder();
  beforeAll(async () => {
    database = await openTestDatabase();
    notifications = await listenForChanges(database, createLogger({ logLevel: 'silent' }), {
      graphium_test_first: first,
      graphium_test_second: second,
    });
  });
  afterAll(async () => {
    await notifications.close();
    await database.close();
  });

  it('trusts every subscriber once it listens and hands each its own channel', async () => {
    expect(first.isTrusted && second.isTrusted).toBe(true);
    await database.executeSql("select pg_notify('graphium_test_first', 'one')", []);
    await database.executeSql("select pg_notify('graphium_test_second', 'two')", []);
    expect(await eventually(() => second.payloads.includes('two'))).toBe(true);
    expect(first.payloads).toEqual(['one']);
    expect(second.payloads).toEqual(['two']);
  });

  it.skipIf(!onPostgres)(
    'distrusts every subscriber while the connection is lost, and trusts them again',
    async () => {
      const terminated = await database.executeSql(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()',
        [changeListenerName],
      );
      expect(terminated.rows).toHaveLength(1);
      expect(await eventually(() => !first.isTrusted && !second.isTrusted)).toBe(true);
      expect(await eventually(() => first.isTrusted && second.isTrusted)).toBe(true);
      await database.executeSql("select pg_notify('graphium_test_first', 'after')", []);
      expect(await eventually(() => first.payloads.includes('after'))).toBe(true);
    },
  );

  it('distrusts every subscriber when closed', async () => {
    await notifications.close();
    expect(first.isTrusted || second.isTrusted).toBe(false);
  });
});
