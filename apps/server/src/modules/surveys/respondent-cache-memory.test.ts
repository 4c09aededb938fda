import type { RespondentSurveyReply } from '@graphium/shared';
import { describe, expect, it } from 'vitest';
import { MemoryRespondentCache, type RespondentView } from './respondent-cache.js';

const now = new Date('2026-11-26T08:00:00Z');
const templateId = '00000000-0000-4000-8000-0000000000aa';

function view(surveyId: string, template = templateId): RespondentView {
  return {
    surveyId,
    workspaceId: '00000000-0000-4000-8000-0000000000ff',
    templateId: template,
    templateVersionId: '00000000-0000-4000-8000-0000000000bb',
    state: 'SENT',
    expiresAt: new Date('2027-01-01T00:00:00Z'),
    reply: { surveyId } as unknown as RespondentSurveyReply,
  };
}

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function warmed(cache: MemoryRespondentCache, ids: string[], template?: string) {
  for (const id of ids) await cache.readThrough(id, false, now, async () => view(id, template));
}

describe('the respondent cache in memory', () => {
  it('announces the saves of one turn of the event loop in one payload, and many in payloads under 8,000 bytes', async () => {
    const sent: string[] = [];
    const cache = new MemoryRespondentCache(async (payload) => {
      sent.push(payload);
    });
    cache.setTrusted(true);
    await Promise.all([
      cache.announceSave(idOf(1)),
      cache.announceSave(idOf(2)),
      cache.announceSave(idOf(1)),
    ]);
    expect(sent).toEqual([`s:${idOf(1)},${idOf(2)}`]);

    sent.length = 0;
    await Promise.all(Array.from({ length: 400 }, (_, n) => cache.announceSave(idOf(n))));
    expect(sent).toHaveLength(3);
    expect(sent.every((payload) => payload.length < 8000)).toBe(true);
    expect(sent.flatMap((payload) => payload.slice(2).split(','))).toHaveLength(400);
  });

  it('forgets a survey (both views), a template, or everything as its notifications say', async () => {
    const cache = new MemoryRespondentCache(undefined);
    cache.setTrusted(true);
    const other = '00000000-0000-4000-8000-0000000000cc';
    await warmed(cache, [idOf(1), idOf(2), idOf(3)]);
    await warmed(cache, [idOf(4)], other);
    await cache.readThrough(idOf(1), true, now, async () => view(idOf(1)));
    expect(cache.size).toBe(5);
    cache.receive(`s:${idOf(1)},${idOf(2)}`);
    expect(cache.size).toBe(2);
    cache.receive(`t:${templateId}`);
    expect(cache.size).toBe(1);
    cache.receive('*');
    expect(cache.size).toBe(0);
  });

  it('keeps nothing while the notifications are not heard, and a save forgets at once without announcing', async () => {
    const sent: string[] = [];
    const cache = new MemoryRespondentCache(undefined);
    await warmed(cache, [idOf(1)]);
    expect(cache.size).toBe(0);
    cache.setTrusted(true);
    await warmed(cache, [idOf(1)]);
    await cache.announceSave(idOf(1));
    expect(cache.size).toBe(0);
    expect(sent).toEqual([]);
  });
});
