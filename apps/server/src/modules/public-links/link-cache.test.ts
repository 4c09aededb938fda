import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { MemoryLinkCache } from './link-cache.js';
import type { LinkForStart } from './public-links.repository.js';
import {
  createLink,
  type LinkSetup,
  linkSetup,
  start,
  surveyRow,
  visitor,
} from './test-public-links-fixtures.js';

function linkOf(id: string, templateId = 'template-1'): LinkForStart {
  return {
    id,
    workspaceId: 'workspace-1',
    templateId,
    closesAt: null,
    maxCompletedResponses: null,
    onePerBrowser: false,
    onePerContact: false,
    hourlyCap: null,
    versionId: 'version-1',
    versionSettings: {},
  };
}

describe('the in-memory link cache', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const later = (ms: number) => new Date(now.getTime() + ms);
  const loader = (link: LinkForStart | undefined) => {
    const calls = { count: 0 };
    const load = async () => {
      calls.count += 1;
      return link;
    };
    return { calls, load };
  };

  it('reads through to the database until it hears the change notifications, and again after', async () => {
    const cache = new MemoryLinkCache();
    const { calls, load } = loader(linkOf('l1'));
    await cache.readThrough('summer', now, load);
    await cache.readThrough('summer', now, load);
    expect(calls.count).toBe(2);
    cache.setTrusted(true);
    await cache.readThrough('summer', now, load);
    expect((await cache.readThrough('summer', now, load))?.id).toBe('l1');
    expect(calls.count).toBe(3);
    cache.setTrusted(false);
    expect(cache.get('summer', now)).toBeUndefined();
    await cache.readThrough('summer', now, load);
    expect(calls.count).toBe(4);
    cache.setTrusted(true);
    expect(cache.get('summer', now)).toBeUndefined();
  });

  it('reads an entry again past its time to live, and keeps no unknown address', async () => {
    const cache = new MemoryLinkCache({ ttlMs: 1000 });
    cache.setTrusted(true);
    const { calls, load } = loader(linkOf('l1'));
    await cache.readThrough('summer', now, load);
    expect(cache.get('summer', later(999))?.id).toBe('l1');
    expect(cache.get('summer', later(1001))).toBeUndefined();
    await cache.readThrough('summer', later(1001), load);
    expect(calls.count).toBe(2);
    const missing = loader(undefined);
    await cache.readThrough('nothing-here', now, missing.load);
    await cache.readThrough('nothing-here', now, missing.load);
    expect(missing.calls.count).toBe(2);
  });

  it('keeps at most its maximum number of entries, dropping the oldest', async () => {
    const cache = new MemoryLinkCache({ maxEntries: 2 });
    cache.setTrusted(true);
    for (const slug of ['one', 'two', 'three']) await cache.readThrough(slug, now, async () => linkOf(slug));
    expect(cache.size).toBe(2);
    expect(cache.get('one', now)).toBeUndefined();
    expect(cache.get('three', now)?.id).toBe('three');
  });

  it('applies notifications by address, by template and for everything', async () => {
    const cache = new MemoryLinkCache();
    cache.setTrusted(true);
    await cache.readThrough('a', now, async () => linkOf('a', 't1'));
    await cache.readThrough('b', now, async () => linkOf('b', 't1'));
    await cache.readThrough('c', now, async () => linkOf('c', 't2'));
    await cache.readThrough('d', now, async () => linkOf('d', 't3'));
    cache.receive('s:c');
    expect(cache.get('c', now)).toBeUndefined();
    expect(cache.get('a', now)?.id).toBe('a');
    cache.receive('t:t1');
    expect(cache.get('a', now)).toBeUndefined();
    expect(cache.get('b', now)).toBeUndefined();
    expect(cache.get('d', now)?.id).toBe('d');
    cache.receive('*');
    expect(cache.get('d', now)).toBeUndefined();
    await cache.readThrough('d', now, async () => linkOf('d', 't3'));
    cache.receive('something else');
    expect(cache.size).toBe(0);
  });

  it('does not keep what a load read before a change was announced', async () => {
    const cache = new MemoryLinkCache();
    cache.setTrusted(true);
    let finish: (link: LinkForStart) => void = () => {};
    const reading = cache.readThrough('a', now, () => new Promise((resolve) => (finish = resolve)));
    cache.receive('s:a');
    finish(linkOf('stale'));
    expect((await reading)?.id).toBe('stale');
    expect(cache.get('a', now)).toBeUndefined();
  });

  it('shares one load between concurrent misses of one address', async () => {
    const cache = new MemoryLinkCache();
    cache.setTrusted(true);
    const { calls, load } = loader(linkOf('l1'));
    const links = await Promise.all(Array.from({ length: 5 }, () => cache.readThrough('a', now, load)));
    expect(links.map((link) => link?.id)).toEqual(Array(5).fill('l1'));
    expect(calls.count).toBe(1);
  });
});

describe('link starts served from the link cache', () => {
  let t: TestApp;
  let setup: LinkSetup;
  beforeAll(async () => {
    t = await createTestApp();
    setup = await linkSetup(t);
  });
  afterAll(() => t.close());

  const cache = () => t.ctx.linkCache as MemoryLinkCache;
  const isCached = (slug: string) => cache().get(slug, t.ctx.now()) !== undefined;

  /** Polls (a notification may arrive a moment after the commit), at most 2 s. */
  async function eventually(check: () => boolean | Promise<boolean>): Promise<boolean> {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  /**
   * A link that a start has put in the cache. The link's own insert is announced too, and on
   * PostgreSQL that notice can arrive while the first start reads the link: such a read is not
   * kept (it may predate the change), so start again until one is.
   */
  async function cachedLink(owner: LinkSetup = setup, fields: Record<string, unknown> = {}) {
    const link = await createLink(owner, fields);
    const isKept = await eventually(async () => {
      expect((await start(visitor(t), link.slug)).statusCode).toBe(201);
      return isCached(link.slug);
    });
    expect(isKept).toBe(true);
    return link;
  }

  /**
   * The route's own writes must drop their entries before they answer: with the notifications
   * unheard, nothing else can explain a fresh answer.
   */
  function muteNotifications() {
    vi.spyOn(cache(), 'receive').mockImplementation(() => {});
  }
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('refuses a link closed through the route on the very next start', async () => {
    const link = await cachedLink();
    muteNotifications();
    const closed = await setup.owner.put(`/api/public-links/${link.publicLinkId}`, {
      name: 'Summer offer',
      slug: link.slug,
      closesAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const next = await start(visitor(t), link.slug);
    expect(next.statusCode).toBe(409);
    expect(next.json().message).toBe('This survey is closed.');
  });

  it('applies a changed limit and a moved address on the very next start', async () => {
    const link = await cachedLink();
    muteNotifications();
    const moved = `${link.slug}-moved`;
    const changed = await setup.owner.put(`/api/public-links/${link.publicLinkId}`, {
      name: 'Summer offer',
      slug: moved,
      hourlyCap: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await start(visitor(t), link.slug)).statusCode).toBe(404);
    // The link already started one survey this hour: its cap of one is reached.
    expect((await start(visitor(t), moved)).statusCode).toBe(429);
  });

  it('answers 404 at once when the template is unpublished, and starts again once it is republished', async () => {
    const own = await linkSetup(t);
    const link = await cachedLink(own);
    const id = await publishedVersionId(own);
    muteNotifications();
    const unpublished = await own.owner.patch(`/api/survey-templates/${id}/state`, {
      stateCode: 'UNPUBLISHED',
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    const next = await start(visitor(t), link.slug);
    expect(next.statusCode).toBe(404);
    expect(next.json().message).toBe('Survey Not Found');
    const republished = await own.owner.patch(`/api/survey-templates/${id}/state`, {
      stateCode: 'PUBLISHED',
    });
    expect(republished.statusCode, republished.body).toBe(200);
    expect((await start(visitor(t), link.slug)).statusCode).toBe(201);
  });

  it("gives the next start the published version's changed expiration at once", async () => {
    const own = await linkSetup(t);
    const link = await cachedLink(own);
    const id = await publishedVersionId(own);
    muteNotifications();
    const changed = await own.owner.patch(`/api/survey-templates/${id}`, {
      surveyTemplateSettings: { expiration: { duration: 2, period: 'days' }, reminders: [], alerts: [] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const before = Date.now();
    const started = await start(visitor(t), link.slug);
    expect(started.statusCode).toBe(201);
    const row = await surveyRow(t, started.json().surveyId);
    const days = (row!.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(1.9);
    expect(days).toBeLessThan(2.1);
  });

  async function publishedVersionId(own: LinkSetup): Promise<string> {
    const [row] = (
      await t.ctx.database.executeSql(
        "select id from template_versions where template_id = $1 and state = 'PUBLISHED'",
        [own.templateId],
      )
    ).rows;
    return row!.id as string;
  }

  it('hears a link closed with plain SQL by another process', async () => {
    const link = await cachedLink();
    // As psql, the CLI or another server would: straight in the database, not through this cache.
    await t.ctx.database.executeSql(
      "update public_links set closes_at = now() - interval '1 minute' where id = $1",
      [link.publicLinkId],
    );
    expect(await eventually(() => !isCached(link.slug))).toBe(true);
    expect((await start(visitor(t), link.slug)).statusCode).toBe(409);
  });

  it('hears a template unpublished with plain SQL by another process', async () => {
    const own = await linkSetup(t);
    const link = await cachedLink(own);
    await t.ctx.database.executeSql(
      "update template_versions set state = 'UNPUBLISHED' where template_id = $1 and state = 'PUBLISHED'",
      [own.templateId],
    );
    expect(await eventually(() => !isCached(link.slug))).toBe(true);
    expect((await start(visitor(t), link.slug)).statusCode).toBe(404);
  });

  it('keeps a link whose visits alone were added to its row', async () => {
    const counted = await cachedLink();
    const other = await cachedLink();
    await t.ctx.database.executeSql('update public_links set visit_count = visit_count + 5 where id = $1', [
      counted.publicLinkId,
    ]);
    // Notifications arrive in commit order: once the second change is heard, the first was too.
    await t.ctx.database.executeSql("update public_links set name = 'Renamed' where id = $1", [
      other.publicLinkId,
    ]);
    expect(await eventually(() => !isCached(other.slug))).toBe(true);
    expect(isCached(counted.slug)).toBe(true);
  });
});
