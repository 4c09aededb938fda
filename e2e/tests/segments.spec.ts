import { randomUUID } from 'node:crypto';
import { callApi } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test, uniqueEmail } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// docs/decisions/029-segments.md: a manager filters the Summary by a survey property, segments the
// scores by another property, and opens one segment's responses in the filtered list; a property
// hidden from reports is offered nowhere.

const ids = { nps: randomUUID(), plan: randomUUID(), region: randomUUID(), note: randomUUID() };

const respondents = [
  { plan: 'Pro', region: 'North', nps: 10 },
  { plan: 'Pro', region: 'South', nps: 9 },
  { plan: 'Pro', region: 'North', nps: 8 },
  { plan: 'Basic', region: 'North', nps: 3 },
  { plan: 'Basic', region: 'South', nps: 6 },
];

test('filter the summary by a property, segment by another and open a segment', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson('Sia', 'Segment'), 'Segment Garage');
  const template = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Accounts pulse',
    surveyTemplateDescription: 'Quarterly',
  });
  const versionId = template.surveyTemplateVersionId as string;
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}`, {
    surveyTemplateDefinition: {
      properties: [
        { id: ids.plan, type: 'Text', label: 'Plan' },
        { id: ids.region, type: 'Text', label: 'Region' },
        { id: ids.note, type: 'Text', label: 'Internal note', visibleInReportsAndFiltering: false },
      ],
      questions: [
        {
          id: ids.nps,
          type: 'NetPromoterScore',
          question: 'How likely are you to recommend us?',
          label: 'Recommend',
          compositeScore: { enabled: true, value: 1 },
        },
      ],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  for (const respondent of respondents) {
    const survey = await callApi(page.request, 'post', '/api/surveys/', {
      surveyTemplateVersionId: versionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress: uniqueEmail('seg') }],
      surveyProperties: {
        [ids.plan]: respondent.plan,
        [ids.region]: respondent.region,
        [ids.note]: 'private',
      },
    });
    await callApi(page.request, 'patch', `/api/surveys/${survey.surveyId}?markAsComplete=true`, {
      surveyResponses: { [ids.nps]: respondent.nps },
    });
  }

  await page.goto(`/survey-templates/${versionId}/responses`);
  const total = page.getByRole('region', { name: 'Total Responses' });
  await expect(total.getByText('5', { exact: true })).toBeVisible();

  // The Summary follows a property filter; the hidden property is not offered.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Filter Responses' });
  const property = modal.getByLabel('Property', { exact: true });
  await expect(property.locator('option', { hasText: 'Internal note' })).toHaveCount(0);
  await property.selectOption({ label: 'Plan' });
  await modal.getByLabel('Property operator').selectOption('equals');
  await modal.getByLabel('Property value').fill('pro');
  await modal.getByRole('button', { name: 'Add Property Filter' }).click();
  await expectNoSeriousA11yViolations(page);
  await modal.getByRole('button', { name: 'Apply Filters (1)' }).click();
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/filters=/);
  await expect(total.getByText('3', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Active filters' })).toContainText('Plan equals pro');

  // Segments by Region within the filter: North 2, South 1.
  const segmentBy = page.getByLabel('Segment by');
  await expect(segmentBy.locator('option', { hasText: 'Internal note' })).toHaveCount(0);
  await segmentBy.selectOption({ label: 'Region' });
  const segments = page.getByRole('table', { name: /Completed surveys by Region/ });
  await expect(segments.getByRole('row', { name: /North/ })).toContainText('2');
  await expect(segments.getByRole('row', { name: /North/ })).toContainText('+50');
  await expect(segments.getByRole('row', { name: /South/ })).toContainText('+100');
  await expect(
    page
      .getByRole('figure', { name: /NPS by Region/ })
      .locator('svg')
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A copied link reproduces the view.
  const shared = page.url();
  await page.goto(shared);
  await expect(segments.getByRole('row', { name: /North/ })).toContainText('2');

  // Clicking a segment opens the list filtered to it.
  await segments.getByRole('link', { name: 'North' }).click();
  await expect(page).toHaveURL(/tab=survey-responses/);
  await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible();
  const chips = page.getByRole('region', { name: 'Active filters' });
  await expect(chips).toContainText('Plan equals pro');
  await expect(chips).toContainText('Region equals North');
  await expect(chips).toContainText('Status is Completed');
  await expectNoSeriousA11yViolations(page);
});
