import { formatInstantInZone } from '@graphium/shared';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { day, filterParam, seedVisitSurveys, type VisitSurveys } from './test-responses-fixtures.js';

/** What the export writes for an instant in New York: ISO 8601 with the offset. */
const newYork = (date: Date) => formatInstantInZone(date, 'America/New_York');

let t: TestApp;
let owner: VisitSurveys['owner'];
let templateId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ owner, templateId } = await seedVisitSurveys(t));
});
afterAll(async () => {
  t?.setNow(undefined);
  await t?.close();
});

describe('exporting the responses of one template', () => {
  it('exports CSV with one row per survey, dates in the workspace time zone and formulas neutralised', async () => {
    const zone = await owner.put('/api/workspace/notification-settings', { timeZone: 'America/New_York' });
    expect(zone.statusCode, zone.body).toBe(200);
    const response = await owner.get(`/api/surveys/export?surveyTemplateId=${templateId}&format=csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="visit-survey-responses-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      'Email Addresses,Phone Numbers,Date Sent,Last Opened,Date Completed,Status,Source,Composite Score,NPS,Stars,Ease,Bought,Store,Name,Comments,Store code',
    );
    expect(lines[5]).toBe(
      `ada@example.com,5551234567,${newYork(day(0))},,${newYork(day(5))},Completed,Sent,100,10,5,7,Tyres; Other: Brakes,North,Ada,'=cmd|calc,"'=HYPERLINK(""x"")"`,
    );
    expect(lines[1]).toMatch(/^eve@example.com,,.*,Pending,Sent,,/);
    expect(response.body).not.toContain('secret');

    const filtered = await owner.get(
      `/api/surveys/export?surveyTemplateId=${templateId}&filters=${filterParam({ field: 'surveyState', operator: 'is', value: 'IN_PROGRESS' })}`,
    );
    expect(filtered.body.trim().split('\n')).toHaveLength(3);
    const bad = await owner.get(`/api/surveys/export?surveyTemplateId=${templateId}&format=pdf`);
    expect(bad.statusCode).toBe(400);
  });

  it('exports XLSX with dates as date cells, numbers as numbers and text as text', async () => {
    await owner.put('/api/workspace/notification-settings', { timeZone: 'America/New_York' });
    const response = await owner.get(`/api/surveys/export?surveyTemplateId=${templateId}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/\.xlsx"/);
    const sheet = await readSheet(response.rawPayload, 'Responses');
    expect(sheet).toHaveLength(6);
    // Serial date-times are floating-point days: read back to the nearest second, as spreadsheets show them.
    const ada = sheet[5]!.map((cell) =>
      cell instanceof Date ? new Date(Math.round(cell.getTime() / 1000) * 1000) : cell,
    );
    // A date cell holds the wall clock in the workspace's zone (spreadsheets have no zones).
    const wallClock = (date: Date) => new Date(`${newYork(date).slice(0, 19)}.000Z`);
    expect(ada.slice(0, 8)).toEqual([
      'ada@example.com',
      '5551234567',
      wallClock(day(0)),
      null,
      wallClock(day(5)),
      'Completed',
      'Sent',
      100,
    ]);
    // Text cells are text: no formula runs, and no apostrophe shows.
    expect(ada[14]).toBe('=cmd|calc');
    expect(ada[15]).toBe('=HYPERLINK("x")');
    expect(ada[8]).toBe(10);
  });
});
