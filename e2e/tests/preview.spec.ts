import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { xsrfHeaders } from '../support/api.js';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.js';
import { newPerson, signUp } from '../support/flows.js';

// Decision 022: Preview on a draft opens its respondent page in a new tab, walks welcome,
// authentication, every question and the closing page, and records nothing.

async function createDraft(page: Page): Promise<string> {
  const headers = await xsrfHeaders(page.request);
  const created = await page.request.post('/api/survey-templates/', {
    data: { surveyTemplateName: 'Counter feedback', surveyTemplateDescription: 'At the till' },
    headers,
  });
  expect(created.ok(), await created.text()).toBe(true);
  const versionId = (await created.json()).surveyTemplateVersionId as string;
  const question = (type: string, text: string, extra: object = {}) => ({
    id: randomUUID(),
    type,
    question: text,
    label: text.slice(0, 30),
    validation: { required: true },
    ...extra,
  });
  const updated = await page.request.patch(`/api/survey-templates/${versionId}`, {
    data: {
      surveyTemplateDefinition: {
        openingText: 'Hello [First Name], a minute of your time?',
        closingText: 'Thank you, [First Name]!',
        properties: [
          {
            id: randomUUID(),
            type: 'Text',
            label: 'First Name',
            validation: { required: true, authentication: true },
          },
        ],
        questions: [
          question('NetPromoterScore', 'How likely are you to recommend us?', {
            startLabel: 'Not at all',
            endLabel: 'Extremely',
          }),
          question('MultipleChoice', 'What did you buy?', { answerOptions: ['Tyres', 'Oil'] }),
          question('ShortTextEntry', 'Who served you?', { maxLength: 40 }),
        ],
      },
    },
    headers,
  });
  expect(updated.ok(), await updated.text()).toBe(true);
  return versionId;
}

test('an author previews a draft from the editor to the end, and no survey is recorded', async ({ page }) => {
  await signUp(page, newPerson('Petra', 'Preview'), 'Till Town');
  const versionId = await createDraft(page);
  await page.goto(`/survey-templates/${versionId}/questions`);
  await expect(page.getByRole('heading', { name: 'Counter feedback' })).toBeVisible();

  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: /^Preview/ }).click(),
  ]);
  const writes: Request[] = [];
  preview.on('request', (request) => {
    if (request.method() !== 'GET') writes.push(request);
  });
  await expect(preview).toHaveURL(new RegExp(`/survey-templates/${versionId}/preview$`));
  const banner = preview.getByRole('region', { name: 'Preview' });
  await expect(banner).toHaveText('Preview: answers are not recorded.');

  // Authentication asks the flagged property and accepts anything.
  await expect(preview.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expectNoSeriousA11yViolations(preview);
  await preview.getByRole('textbox', { name: /First Name/ }).fill('anyone');
  await preview.getByRole('button', { name: 'Authenticate' }).click();

  await expect(preview.getByText('Hello ‹First Name›, a minute of your time?')).toBeVisible();
  await expectNoSeriousA11yViolations(preview);
  await preview.getByRole('button', { name: 'Start Survey' }).click();

  const next = preview.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await preview.getByText('9', { exact: true }).click();
  await expectNoSeriousA11yViolations(preview);
  await next.click();
  await preview.getByText('Tyres', { exact: true }).click();
  await next.click();
  await preview.getByRole('textbox', { name: /Who served you/ }).fill('Sam');
  await preview.getByRole('button', { name: 'Complete Survey' }).click();
  await expect(preview.getByRole('heading', { name: 'Thank you for your feedback!' })).toBeVisible();
  await expect(preview.getByText('Thank you, ‹First Name›!')).toBeVisible();
  await expect(banner).toBeVisible();
  await expectNoSeriousA11yViolations(preview);
  expect(writes.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);

  await page.goto(`/survey-templates/${versionId}/responses`);
  await expect(page.getByText('No responses yet').first()).toBeVisible();
});
