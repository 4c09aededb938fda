import { randomUUID } from 'node:crypto';
import { callApi } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test, uniqueEmail } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// docs/decisions/030-text-analytics.md: comments are analysed when their surveys complete; the
// Summary shows each comment question's sentiment and keywords, a keyword opens the list of its
// answers (the filter in the URL), and a response shows its comment's sentiment.

const ids = { nps: randomUUID(), comment: randomUUID() };

const answers = [
  { nps: 2, comment: 'Slow delivery and rude staff' },
  { nps: 4, comment: 'The delivery was slow.' },
  { nps: 10, comment: 'Great support, very helpful' },
  { nps: 9, comment: 'Friendly staff' },
];

test('a keyword on the Summary opens its answers, and a response shows its sentiment', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson('Cora', 'Comments'), 'Comment Tyres');
  const template = await callApi(page.request, 'post', '/api/survey-templates/', {
    surveyTemplateName: 'Delivery feedback',
    surveyTemplateDescription: 'Sent after each delivery',
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
          compositeScore: { enabled: true, value: 1 },
        },
        { id: ids.comment, type: 'LongTextEntry', question: 'Tell us more', label: 'Comment' },
      ],
    },
  });
  await callApi(page.request, 'patch', `/api/survey-templates/${versionId}/state`, {
    stateCode: 'PUBLISHED',
  });
  const emails: string[] = [];
  for (const answer of answers) {
    const emailAddress = uniqueEmail('customer');
    const survey = await callApi(page.request, 'post', '/api/surveys/', {
      surveyTemplateVersionId: versionId,
      surveyContactMethods: [{ contactMethodType: 'email', emailAddress }],
      surveyProperties: {},
    });
    await callApi(page.request, 'patch', `/api/surveys/${survey.surveyId}?markAsComplete=true`, {
      surveyResponses: { [ids.nps]: answer.nps, [ids.comment]: answer.comment },
    });
    emails.push(emailAddress);
  }

  await page.goto(`/survey-templates/${versionId}/responses`);
  const comments = page.getByRole('region', { name: 'Comments: Comment' });
  await expect(comments).toContainText('4 answers');
  const keywords = comments.getByRole('table', { name: /Top keywords of Comment/ });
  // "delivery": two answers, NPS 2 and 4 → a mean composite score of 30%.
  await expect(keywords.getByRole('row', { name: /^delivery/ })).toContainText('230%');
  await expectNoSeriousA11yViolations(page);

  await comments
    .getByRole('table', { name: /Top two-word phrases/ })
    .getByRole('link', { name: 'slow delivery' })
    .click();
  await expect(page).toHaveURL(/tab=survey-responses/);
  await expect(page.getByRole('region', { name: 'Active filters' })).toContainText(
    'Comment keyword contains slow delivery',
  );
  const table = page.getByRole('table', { name: 'Survey responses' });
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await expect(table.getByText(emails[0]!)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The keyword "slow" finds both slow deliveries; the shared URL opens the same list.
  await page.goBack();
  await comments
    .getByRole('table', { name: /Top keywords of Comment/ })
    .getByRole('link', { name: 'slow', exact: true })
    .click();
  await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible();

  await table.getByRole('row', { name: new RegExp(emails[0]!.replace(/[.]/g, '\\.')) }).click();
  await expect(page.getByText('Sentiment: Negative')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
