import { describe, expect, it } from 'vitest';
import { MemoryWebhookCache } from './webhook-cache.js';

const workspaceId = '0b8f3c2a-1d4e-4f5a-9b6c-7d8e9f0a1b2c';
const now = new Date('2026-11-26T10:00:00Z');

function counting(events: string[]) {
  const load = async () => {
    load.calls += 1;
    return new Set(events);
  };
  load.calls = 0;
  return load;
}

describe('the webhook cache', () => {
  it('keeps what a workspace receives, empty sets included, while it hears the notifications', async () => {
    const cache = new MemoryWebhookCache();
    const load = counting([]);
    await cache.readThrough(workspaceId, now, load);
    expect(load.calls).toBe(1);
    cache.setTrusted(true);
    expect((await cache.readThrough(workspaceId, now, load)).size).toBe(0);
    await cache.readThrough(workspaceId, now, load);
    expect(load.calls).toBe(2);
    // A minute later it reads again anyway.
    await cache.readThrough(workspaceId, new Date(now.getTime() + 61_000), load);
    expect(load.calls).toBe(3);
  });

  it('forgets a workspace when its notification arrives, and everything when it stops hearing', async () => {
    const cache = new MemoryWebhookCache();
    cache.setTrusted(true);
    await cache.readThrough(workspaceId, now, counting([]));
    cache.receive(workspaceId);
    const added = counting(['survey.completed']);
    expect(await cache.readThrough(workspaceId, now, added)).toEqual(new Set(['survey.completed']));
    cache.setTrusted(false);
    const removed = counting([]);
    await cache.readThrough(workspaceId, now, removed);
    await cache.readThrough(workspaceId, now, removed);
    expect(removed.calls).toBe(2);
  });

  it('does not keep a read that began before the workspace changed', async () => {
    const cache = new MemoryWebhookCache();
    cache.setTrusted(true);
    let finish: (events: Set<string>) => void = () => {};
    const slow = cache.readThrough(workspaceId, now, () => new Promise((resolve) => (finish = resolve)));
    cache.forget(workspaceId);
    finish(new Set());
    await slow;
    const fresh = counting(['case.updated']);
    expect(await cache.readThrough(workspaceId, now, fresh)).toEqual(new Set(['case.updated']));
    expect(fresh.calls).toBe(1);
  });
});
