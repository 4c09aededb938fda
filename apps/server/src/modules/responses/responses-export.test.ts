import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { day, filterParam, seedVisitSurveys, type VisitSurveys } from './test-responses-fixtures.js';

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
  it('exports CSV with one row per survey and formulas neutralised', async () => {
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
      'Email Addresses,Phone Numbers,Date Sent,Last Opened,Date Completed,Status,Composite Score,NPS,Stars,Ease,Bought,Store,Name,Comments,Store code',
    );
    expect(lines[5]).toBe(
      `ada@example.com,5551234567,${day(0).toISOString()},,${day(5).toISOString()},Completed,100,10,5,7,Tyres; Other: Brakes,North,Ada,'=cmd|calc,"'=HYPERLINK(""x"")"`,
    );
    expect(lines[1]).toMatch(/^eve@example.com,,.*,Pending,,/);
    expect(response.body).not.toContain('secret');

    const filtered = await owner.get(
      `/api/surveys/export?surveyTemplateId=${templateId}&filters=${filterParam({ field: 'surveyState', operator: 'is', value: 'IN_PROGRESS' })}`,
    );
    expect(filtered.body.trim().split('\n')).toHaveLength(3);
    const bad = await owner.get(`/api/surveys/export?surveyTemplateId=${templateId}&format=pdf`);
    expect(bad.statusCode).toBe(400);
  });

  it('exports XLSX that reads back with the same rows', async () => {
    const response = await owner.get(`/api/surveys/export?surveyTemplateId=${templateId}&format=xlsx`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/\.xlsx"/);
    const sheet = await readSheet(response.rawPayload, 'Responses');
    expect(sheet).toHaveLength(6);
    const ada = sheet[5]!;
    expect(ada.slice(0, 7)).toEqual([
      'ada@example.com',
      '5551234567',
      day(0).toISOString(),
      null,
      day(5).toISOString(),
      'Completed',
      100,
    ]);
    expect(ada[13]).toBe("'=cmd|calc");
    expect(ada[14]).toBe(`'=HYPERLINK("x")`);
  });
});
