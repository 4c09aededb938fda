import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { callApi } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test, uniqueEmail } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// decision 007, responses analysis: with responses seeded through the API (a published template, 12
// surveys sent, 8 answered and completed through the respondent endpoint, 2 in progress, 2
// pending), a manager reads the summary, pages through the list, filters it by status and by a
// question, opens a response, comes back to the filtered list and exports it as CSV.

const ids = { nps: randomUUID(), stars: randomUUID(), bought: randomUUID(), servedBy: randomUUID() };

/** NPS, stars and what was bought, per completed respondent. */
const completed = [
  { nps: 10, stars: 5, bought: ['Tyres'] },
  { nps: 9, stars: 4, bought: ['Oil'] },
  { nps: 9, stars: 5, bought: ['Tyres', 'Oil'] },
  { nps: 8, stars: 4, bought: ['Tyres'] },
  { nps: 7, stars: 3, bought: ['Oil'] },
  { nps: 6, stars: 3, bought: ['Tyres'] },
  { nps: 3, stars: 1, bought: ['Oil'] },
  { nps: 10, stars: 4, bought: ['Tyres'] },
];

type Seeded = { versionId: string; emails: string[] };

async function seedResponses(page: Page): Promise<Seeded> {
  const template = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Workshop visit',
    surveyTemplateDescription: 'Sent after each visit',
  });
  const versionId = template.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      questions: [
        {
          id: ids.nps,
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'Recommend',
          validation: { required: true },
          compositeScore: { enabled: true, value: 1 },
        },
        {
          id: ids.stars,
          type: 'StarRatingScale',
          question: 'How was the service?',
          label: 'Service',
          compositeScore: { enabled: true, value: 1 },
        },
        {
          id: ids.bought,
          type: 'MultipleChoice',
          question: 'What did you buy?',
          label: 'Bought',
          answerOptions: ['Tyres', 'Oil'],
          multiSelect: true,
        },
        { id: ids.servedBy, type: 'ShortTextEntry', question: 'Who served you?', label: 'Served by' },
      ],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });

  const emails: string[] = [];
  const surveyIds: string[] = [];
  for (let index = 0; index < 12; index += 1) {
    const emailAddress = uniqueEmail(`visitor${String(index + 1).padStart(2, '0')}`);
    const survey = await callApi(page.request, 'post', '/api/surveys/', {
      surveyTemplateVersionId: versionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress }],
      surveyProperties: {},
    });
    emails.push(emailAddress);
    surveyIds.push(survey.surveyId as string);
  }
  for (const [index, answers] of completed.entries()) {
    await callApi(page.request, 'patch', `/api/surveys/${surveyIds[index]}?markAsComplete=true`, {
      surveyResponses: {
        [ids.nps]: answers.nps,
        [ids.stars]: answers.stars,
        [ids.bought]: answers.bought,
        [ids.servedBy]: `Sam ${index + 1}`,
      },
    });
  }
  // Two more answered in part (In Progress); the last two stay Pending.
  for (const index of [8, 9]) {
    await callApi(page.request, 'patch', `/api/surveys/${surveyIds[index]}`, {
      surveyResponses: { [ids.nps]: 5 },
    });
  }
  return { versionId, emails };
}

/** A minimal CSV reader: quoted fields with doubled quotes, comma separated, one record a line. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

test('summary, paging, filters, a single response and the CSV export of seeded responses', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson('Rhea', 'Reader'), 'Reader Tyres');
  const { versionId, emails } = await seedResponses(page);
  const responsesUrl = `/survey-templates/${versionId}/responses`;

  // Summary: 8 completed of 12 sent.
  await page.goto(responsesUrl);
  await expect(page.getByRole('heading', { name: 'Workshop visit', level: 1 })).toBeVisible();
  const total = page.getByRole('region', { name: 'Total Responses' });
  await expect(total.getByText('8', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Response Rate' }).getByText('67%')).toBeVisible();
  const scores = page.getByRole('table', { name: 'Question Scores' });
  await expect(scores.getByRole('row', { name: /Recommend/ })).toContainText('8');
  await expect(scores.getByRole('row', { name: /Bought/ })).toContainText('Tyres: 5 (63%)');
  await expect(page.getByRole('region', { name: 'Net Promoter Score: Recommend' })).toContainText('+25');
  await expect(page.getByRole('figure', { name: 'Recommend' }).locator('svg').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Survey Responses: 12 rows, paged by 10.
  await page
    .getByRole('navigation', { name: 'Responses views' })
    .getByRole('link', { name: 'Survey Responses' })
    .click();
  await expect(page).toHaveURL(/\?tab=survey-responses$/);
  await expect(page.getByText('Showing 1 to 12 of 12 results')).toBeVisible();
  await page.getByLabel('Rows per page').selectOption('10');
  await expect(page.getByText('Showing 1 to 10 of 12 results')).toBeVisible();
  await expect(page).toHaveURL(/pageSize=10/);
  const table = page.getByRole('table', { name: 'Survey responses' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Showing 11 to 12 of 12 results')).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByText('Pending')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Filter by status: the 8 completed, back on page 1.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  let modal = page.getByRole('dialog', { name: 'Filter Responses' });
  await modal.getByLabel('Status', { exact: true }).selectOption('COMPLETE');
  await modal.getByRole('button', { name: 'Add Status Filter' }).click();
  await expectNoSeriousA11yViolations(page);
  await modal.getByRole('button', { name: 'Apply Filters (1)' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Showing 1 to 8 of 8 results')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page.getByRole('region', { name: 'Active filters' })).toContainText('Status is Completed');

  // And by a question: NPS of at least 9 (typed 12, clamped to 10, then 9).
  await page.getByRole('button', { name: 'Filter (1)' }).click();
  modal = page.getByRole('dialog', { name: 'Filter Responses' });
  await modal.getByLabel('Question', { exact: true }).selectOption(ids.nps);
  await modal.getByLabel('Question operator').selectOption('gte');
  const answer = modal.getByLabel('Answer (0 to 10)');
  await answer.fill('12');
  await expect(answer).toHaveValue('10');
  await answer.fill('9');
  await modal.getByRole('button', { name: 'Add Question Filter' }).click();
  await modal.getByRole('button', { name: 'Apply Filters (2)' }).click();
  await expect(page.getByText('Showing 1 to 4 of 4 results')).toBeVisible();
  const matching = [0, 1, 2, 7].map((index) => emails[index]!);
  for (const email of matching) await expect(table.getByText(email)).toBeVisible();

  // Open a response and come back to the filtered list.
  await table.getByRole('row', { name: new RegExp(matching[0]!.replace(/[.]/g, '\\.')) }).click();
  await expect(page).toHaveURL(new RegExp(`/survey-templates/${versionId}/responses/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: 'Respondent' })).toBeVisible();
  await expect(page.getByText(matching[0]!)).toBeVisible();
  await expect(page.getByText('Based on responses to 2 scored questions')).toBeVisible();
  await expect(page.getByText('Excellent')).toBeVisible();
  await expect(page.getByText('10 out of 10')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Back to Responses' }).click();
  await expect(page.getByText('Showing 1 to 4 of 4 results')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Active filters' })).toContainText(
    'Recommend greater than or equal to 9',
  );

  // Export the filtered responses as CSV: the link carries the current filters.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  const href = new URL((await exportLink.getAttribute('href'))!, page.url());
  expect(href.pathname).toBe('/api/surveys/export');
  expect(href.searchParams.get('format')).toBe('csv');
  expect(JSON.parse(href.searchParams.get('filters')!)).toEqual({
    logic: 'AND',
    filters: [
      { field: 'surveyState', operator: 'is', value: 'COMPLETE' },
      { field: `surveyResponses.${ids.nps}`, operator: 'gte', value: 9 },
    ],
  });
  const downloading = page.waitForEvent('download', { timeout: 20_000 });
  await exportLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^workshop-visit-responses-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = parseCsv((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''));
  const [header, ...rows] = csv.filter((row) => row.some((cell) => cell !== ''));
  expect(header).toEqual([
    'Email Addresses',
    'Phone Numbers',
    'Date Sent',
    'Last Opened',
    'Date Completed',
    'Status',
    'Source',
    'Composite Score',
    'Recommend',
    'Service',
    'Bought',
    'Served by',
  ]);
  expect(rows.map((row) => row[0]).sort()).toEqual([...matching].sort());
  for (const row of rows) {
    // Dates in the workspace's time zone, as ISO 8601 with the offset.
    expect(row[2]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(row[5]).toBe('Completed');
    expect(row[6]).toBe('Sent');
    expect(Number(row[8])).toBeGreaterThanOrEqual(9);
  }
  const first = rows.find((row) => row[0] === matching[0])!;
  expect(first.slice(8)).toEqual(['10', '5', 'Tyres', 'Sam 1']);
  expect(Number(first[7])).toBe(100);
});
